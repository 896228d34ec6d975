import { loadConfig } from '../../../src/server/config';

describe('loadConfig: LOGIN_ATTEMPTS_PER_MINUTE', () => {
  const attempts = (value?: string) =>
    loadConfig(value === undefined ? {} : { LOGIN_ATTEMPTS_PER_MINUTE: value }, { root: '/srv/soloist' })
      .loginAttemptsPerMinute;

  it('is ten log-in attempts per account and minute unless configured', () => {
    expect(attempts()).toBe(10);
  });

  it('takes a whole number of at least one', () => {
    expect(attempts('1000')).toBe(1000);
    expect(attempts('1')).toBe(1);
  });

  it('keeps the default for anything that is not a positive whole number', () => {
    for (const bad of ['', '0', '-5', '2.5', 'many', 'Infinity', '1e400']) expect(attempts(bad)).toBe(10);
  });
});

describe('loadConfig: SIGN_UPS_PER_ADDRESS_PER_HOUR', () => {
  const signUps = (value?: string) =>
    loadConfig(value === undefined ? {} : { SIGN_UPS_PER_ADDRESS_PER_HOUR: value }, { root: '/srv/soloist' })
      .signUpsPerAddressPerHour;

  it('is ten sign-ups per address and hour unless configured, a positive whole number when it is', () => {
    expect(signUps()).toBe(10);
    expect(signUps('1000')).toBe(1000);
    for (const bad of ['', '0', '-5', '2.5', 'many']) expect(signUps(bad)).toBe(10);
  });
});

describe('loadConfig: SOLOIST_ROLE', () => {
  const role = (env: Record<string, string>) => loadConfig(env, { root: '/srv/soloist' }).role;

  it('is all (serve and work the queue) unless configured; JOBS=0 still makes an API-only process', () => {
    expect(role({})).toBe('all');
    expect(role({ SOLOIST_ROLE: '' })).toBe('all');
    expect(role({ JOBS: '0' })).toBe('api');
    expect(role({ JOBS: '1' })).toBe('all');
  });

  it('takes all, api or worker (in any case), before JOBS', () => {
    expect(role({ SOLOIST_ROLE: 'api' })).toBe('api');
    expect(role({ SOLOIST_ROLE: 'Worker' })).toBe('worker');
    expect(role({ SOLOIST_ROLE: 'all', JOBS: '0' })).toBe('all');
  });

  it('refuses anything else with a message naming the variable, the values and what it was given', () => {
    for (const bad of ['workers', 'both', 'api,worker', '1'])
      expect(() => role({ SOLOIST_ROLE: bad })).toThrow(
        `SOLOIST_ROLE must be one of all, api, worker (it is "${bad}")`,
      );
  });
});

describe('loadConfig: METRICS_TOKEN', () => {
  const token = (value?: string) =>
    loadConfig(value === undefined ? {} : { METRICS_TOKEN: value }, { root: '/srv/soloist' }).metricsToken;

  it('is none unless configured (then /metrics is not served)', () => {
    expect(token()).toBeUndefined();
    expect(token('')).toBeUndefined();
  });

  it('takes a token of at least 16 characters and refuses a shorter one or one with spaces', () => {
    expect(token('0123456789abcdef')).toBe('0123456789abcdef');
    for (const bad of ['secret', '0123456789abcde', 'two words 0123456789'])
      expect(() => token(bad)).toThrow('METRICS_TOKEN must be at least 16 characters');
  });
});

describe('loadConfig: LOG', () => {
  const logger = (env: Record<string, string>) => loadConfig(env, { root: '/srv/soloist' }).logger;

  it('logs JSON lines in production unless LOG=0, and elsewhere only with LOG=1', () => {
    expect(logger({})).toBe(false);
    expect(logger({ LOG: '1' })).toBe(true);
    expect(logger({ NODE_ENV: 'production' })).toBe(true);
    expect(logger({ NODE_ENV: 'production', LOG: '0' })).toBe(false);
  });
});
