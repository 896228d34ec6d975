import crypto from 'node:crypto';
import { bullmqQueue } from '../../../src/server/infra/queue/bullmq-queue';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('schedules on Redis (REDIS_URL): one job scheduler across every worker', () => {
  it('three workers declaring the same schedule run it once per period, not once per worker', async () => {
    const name = `schedules-${crypto.randomBytes(4).toString('hex')}`;
    const every = 400;
    const runs: Array<{ worker: number; id: string }> = [];
    const workers = [0, 1, 2].map(() => bullmqQueue(REDIS_URL, { name }));
    const started = Date.now();
    try {
      for (const [n, q] of workers.entries()) {
        await q.every('tick', every);
        q.work({ tick: async (_data, job) => void runs.push({ worker: n, id: job.id }) });
      }
      await new Promise((r) => setTimeout(r, 6 * every));
    } finally {
      await Promise.all(workers.map((q) => q.close()));
    }
    const periods = Math.ceil((Date.now() - started) / every);
    // A timer per worker would run it about three times a period; one scheduler runs it at most once in each.
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(periods + 1);
    expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
  });
});
