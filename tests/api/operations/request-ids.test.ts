import crypto from 'node:crypto';
import { bullmqQueue } from '../../../src/server/infra/queue/bullmq-queue';
import { currentRequestId, withRequestId } from '../../../src/server/infra/queue/job-context';
import type { JobInfo, JobQueue } from '../../../src/server/infra/queue/queue';
import { tableQueue } from '../../../src/server/infra/queue/table-queue';
import { instrumentJobs } from '../../../src/server/plugins/operations/jobs';
import { loggedIn, testApp, type TestApp } from '../../helpers/app';
import { until } from '../../helpers/server-process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const unique = () => crypto.randomBytes(4).toString('hex');

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** What a handler saw of its run: its data, the id its info names, and the id its logs and jobs run under. */
type Seen = { data: unknown; info: string | null | undefined; context: string | null };

/** Two jobs: `first` adds `second` while it runs, as a campaign's start adds its batches. */
function chain(queue: () => JobQueue, name: string, seen: Seen[]) {
  const record = (data: unknown, job: JobInfo) => seen.push({ data, info: job.requestId, context: currentRequestId() });
  return {
    [`${name}.first`]: async (data: unknown, job: JobInfo) => {
      record(data, job);
      await queue().add(`${name}.second`, { from: 'first' });
    },
    [`${name}.second`]: async (data: unknown, job: JobInfo) => void record(data, job),
  };
}

describe('a request id carried into jobs', () => {
  it('a job added by a request records its id (POST /api/v1/user/export-information)', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    const res = await agent.request(
      'POST',
      '/api/v1/user/export-information',
      {},
      { 'x-request-id': 'req-export-0001' },
    );
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-request-id']).toBe('req-export-0001');
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['name', 'request_id'])
      .where('key', '=', `data-export:${res.json().data.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ name: 'export-information.make', request_id: 'req-export-0001' });
  });

  it('the embedded queue runs the job under that id, and a job it adds carries the id on; a schedule has none', async () => {
    const name = `ids-${unique()}`;
    const seen: Seen[] = [];
    const queue = tableQueue(t.app.db, { pollMs: 10 });
    try {
      await withRequestId('req-table-0001', () => queue.add(`${name}.first`, { n: 1 }));
      await queue.add(`${name}.first`, { n: 2 });
      queue.work(chain(() => queue, name, seen));
      await until('both chains to run', async () => seen.length === 4, 10_000);
      const byData = (n: number) => seen.find((s) => (s.data as { n?: number }).n === n);
      expect(byData(1)).toEqual({ data: { n: 1 }, info: 'req-table-0001', context: 'req-table-0001' });
      expect(byData(2)).toEqual({ data: { n: 2 }, info: null, context: null });
      const seconds = seen.filter((s) => (s.data as { from?: string }).from === 'first');
      expect(seconds.map((s) => s.context).sort()).toEqual([null, 'req-table-0001'].sort());
      expect(seen.every((s) => s.info === s.context)).toBe(true);
    } finally {
      await queue.close();
    }
  });

  it('the queue on Redis does the same, handing the handler its data as it was added', async () => {
    const name = `ids-${unique()}`;
    const seen: Seen[] = [];
    const queue = bullmqQueue(REDIS_URL, { name });
    try {
      await withRequestId('req-redis-0001', () => queue.add(`${name}.first`, { n: 1 }));
      await queue.add(`${name}.first`, { n: 2 });
      queue.work(chain(() => queue, name, seen));
      await until('both chains to run', async () => seen.length === 4, 10_000);
      const byData = (n: number) => seen.find((s) => (s.data as { n?: number }).n === n);
      expect(byData(1)).toEqual({ data: { n: 1 }, info: 'req-redis-0001', context: 'req-redis-0001' });
      expect(byData(2)).toEqual({ data: { n: 2 }, info: null, context: null });
      expect(seen.filter((s) => s.context === 'req-redis-0001')).toHaveLength(2);
    } finally {
      await queue.close();
    }
  });

  it('the worker logs the finished run under the request id, as the request logged it', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = { ...t.app.log, info: (obj: Record<string, unknown>) => void lines.push(obj) };
    const run = instrumentJobs(
      { 'export-information.make': async () => undefined },
      { metrics: t.app.operations.metrics, log: log as unknown as typeof t.app.log },
    );
    await run['export-information.make'](null, {
      id: '9',
      name: 'export-information.make',
      attempt: 1,
      requestId: 'req-export-0001',
    });
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-export-0001', job: 'export-information.make', jobId: '9', attempt: 1 }),
    ]);
  });
});
