import crypto from 'node:crypto';
import { bullmqQueue } from '../../src/server/infra/queue/bullmq-queue';
import type { JobQueue } from '../../src/server/infra/queue/queue';
import { tableQueue } from '../../src/server/infra/queue/table-queue';
import { testApp, type TestApp } from '../helpers/app';
import { PATIENCE } from '../helpers/server-process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** Waits until `done()` holds (checked every 10 ms), failing after `ms` (times PATIENCE: a guard, not a measure). */
async function until(done: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms * PATIENCE;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const fast = { pollMs: 10, backoffBaseMs: 20 };
const unique = () => crypto.randomBytes(4).toString('hex');
const jobsNamed = (name: string) =>
  t.app.db.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('id').execute();

describe('the embedded queue (no REDIS_URL)', () => {
  const queues: JobQueue[] = [];
  const queue = (options = {}) => {
    const q = tableQueue(t.app.db, { ...fast, ...options });
    queues.push(q);
    return q;
  };
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.close()));
  });

  it('runs a job with its data, and a job added again under a used key not at all', async () => {
    const name = `greet-${unique()}`;
    const seen: unknown[] = [];
    const q = queue();
    await q.add(name, { to: 'Ann' }, { key: `greet:${name}:1` });
    await q.add(name, { to: 'Ann again' }, { key: `greet:${name}:1` });
    q.work({ [name]: async (data) => void seen.push(data) });
    await until(async () => (await jobsNamed(name))[0]?.status === 'done');
    await q.add(name, { to: 'after it ran' }, { key: `greet:${name}:1` });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([{ to: 'Ann' }]);
    expect(await jobsNamed(name)).toHaveLength(1);
  });

  it('keeps jobs across a restart: one process adds and stops, the next runs them', async () => {
    const name = `durable-${unique()}`;
    const before = tableQueue(t.app.db, fast);
    await before.add(name, { n: 1 });
    await before.add(name, { n: 2 });
    await before.close();
    const seen: unknown[] = [];
    queue().work({ [name]: async (data) => void seen.push(data) });
    await until(() => seen.length === 2);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('retries a failing job with a growing wait, then records it failed with the error', async () => {
    const name = `failing-${unique()}`;
    const runs: number[] = [];
    const errors: Array<{ attempt: number; failed: boolean }> = [];
    const q = queue({ onError: (_err: unknown, job: { attempt: number; failed: boolean }) => errors.push(job) });
    await q.add(name, null, { attempts: 3 });
    q.work({
      [name]: async () => {
        runs.push(Date.now());
        throw new Error('provider down');
      },
    });
    await until(async () => (await jobsNamed(name))[0]?.status === 'failed');
    const [job] = await jobsNamed(name);
    expect(job).toMatchObject({ attempts: 3, status: 'failed' });
    expect(job.last_error).toContain('provider down');
    expect(runs).toHaveLength(3);
    // 20 ms before the second run, 40 ms before the third.
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(20);
    expect(runs[2] - runs[1]).toBeGreaterThanOrEqual(40);
    expect(errors).toEqual([
      { name, attempt: 1, failed: false },
      { name, attempt: 2, failed: false },
      { name, attempt: 3, failed: true },
    ]);
  });

  it("takes over a job whose worker died (its lease ran out), and a dead worker's late finish changes nothing", async () => {
    const name = `orphan-${unique()}`;
    await t.app.db
      .insertInto('jobs')
      .values({
        name,
        key: null,
        data: '{"n":7}',
        status: 'active',
        attempts: 1,
        max_attempts: 5,
        run_at: new Date(Date.now() - 60_000).toISOString(),
        locked_until: new Date(Date.now() - 1000).toISOString(),
        lock_token: 'dead-worker',
        created_at: new Date().toISOString(),
      })
      .execute();
    const seen: unknown[] = [];
    queue().work({ [name]: async (data, job) => void seen.push([data, job.attempt]) });
    await until(async () => (await jobsNamed(name))[0]?.status === 'done');
    expect(seen).toEqual([[{ n: 7 }, 2]]);
  });

  it('runs each job once when two workers share the database', async () => {
    const name = `shared-${unique()}`;
    const counts = new Map<number, number>();
    const handler = async (data: unknown) => {
      const n = (data as { n: number }).n;
      counts.set(n, (counts.get(n) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = queue();
    const b = queue();
    for (let n = 0; n < 40; n++) await (n % 2 ? a : b).add(name, { n });
    a.work({ [name]: handler }, { concurrency: 3 });
    b.work({ [name]: handler }, { concurrency: 3 });
    await until(() => counts.size === 40);
    await until(async () => (await jobsNamed(name)).every((j) => j.status === 'done'));
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  });

  it('runs a repeating job once per period however many processes declare it', async () => {
    const name = `hourly-${unique()}`;
    let runs = 0;
    for (const q of [queue(), queue(), queue()]) {
      await q.every(name, 3_600_000);
      q.work({ [name]: async () => void runs++ });
    }
    await until(async () => (await jobsNamed(name))[0]?.status === 'done');
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(1);
    expect((await jobsNamed(name)).map((j) => j.key)).toEqual([
      `${name}@${new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString()}`,
    ]);
  });
});

describe('the queue on Redis (REDIS_URL): BullMQ', () => {
  it('runs each job once across two workers, a used key once, and retries a failing job before failing it', async () => {
    const name = `test-${unique()}`;
    const errors: Array<{ attempt: number; failed: boolean }> = [];
    const options = {
      name,
      backoffBaseMs: 20,
      onError: (_e: unknown, job: { attempt: number; failed: boolean }) => errors.push(job),
    };
    const a = bullmqQueue(REDIS_URL, options);
    const b = bullmqQueue(REDIS_URL, options);
    try {
      const counts = new Map<string, number>();
      let failing = 0;
      const handlers = {
        remind: async (data: unknown) => {
          const key = (data as { key: string }).key;
          counts.set(key, (counts.get(key) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 2));
        },
        broken: async () => {
          failing++;
          throw new Error('always');
        },
      };
      // Both processes ask for the same 20 reminders (as two API processes would), under the same keys.
      for (let n = 0; n < 20; n++) {
        await a.add('remind', { key: `r${n}` }, { key: `reminder:${n}:24h` });
        await b.add('remind', { key: `r${n}` }, { key: `reminder:${n}:24h` });
      }
      await a.add('broken', null, { attempts: 2 });
      a.work(handlers, { concurrency: 3 });
      b.work(handlers, { concurrency: 3 });
      await until(() => counts.size === 20 && errors.some((e) => e.failed));
      await new Promise((r) => setTimeout(r, 200));
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
      expect(failing).toBe(2);
      expect(errors.map((e) => [e.attempt, e.failed])).toEqual([
        [1, false],
        [2, true],
      ]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
