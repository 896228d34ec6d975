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
