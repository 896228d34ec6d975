import Redis from 'ioredis';
import { databaseLimiter, failingClosed, redisLimiter, type RateLimiter } from '../../src/server/infra/rate-limit';
import { Agent, testApp, type TestApp } from '../helpers/app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('the outbox (no SMTP_URL)', () => {
  it('keeps mail in the outbox, unsent, and shows it to its owner', async () => {
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    await agent.post('/api/register', {
      first_name: 'Out',
      last_name: 'Box',
      email: 'outbox@example.com',
      password: 'Strong-pass-1',
      password_confirmation: 'Strong-pass-1',
    });
    const [mail] = (await agent.get('/api/v1/user/messages')).json().data;
    expect(mail).toMatchObject({
      recipient: 'outbox@example.com',
      subject: 'Verify your email address',
      status: 'outbox',
    });
  });
});

async function exercise(limiter: RateLimiter, key: string) {
  const verdicts = [];
  for (let i = 0; i < 4; i++) verdicts.push(await limiter.hit(key, 3, 60));
  return verdicts;
}

describe('rate limiters', () => {
  it('counts per key in the database, shared by every process', async () => {
    const verdicts = await exercise(databaseLimiter(t.app.db), `test:${Date.now()}`);
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3].retryAfter).toBeGreaterThan(0);
    expect(verdicts[3].retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts per key in Redis when REDIS_URL is set', async () => {
    const limiter = redisLimiter(REDIS_URL);
    const key = `test:${Date.now()}`;
    try {
      const verdicts = await exercise(limiter, key);
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
      const redis = new Redis(REDIS_URL);
      expect(await redis.pttl(`soloist:rl:${key}`)).toBeGreaterThan(0);
      redis.disconnect();
    } finally {
      await limiter.close();
    }
  });

  it('refuses when its store fails (fails closed)', async () => {
    const broken: RateLimiter = {
      hit: async () => {
        throw new Error('store down');
      },
      close: async () => undefined,
    };
    const errors: unknown[] = [];
    const verdict = await failingClosed(broken, (e) => errors.push(e)).hit('k', 100, 30);
    expect(verdict).toEqual({ allowed: false, retryAfter: 30 });
    expect(errors).toHaveLength(1);
  });
});
