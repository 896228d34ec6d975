import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { currentRequestId, withRequestId } from './job-context';
import { DEFAULT_ATTEMPTS, type FailedRun, type JobHandler, type JobQueue } from './queue';

export interface BullmqQueueOptions {
  /** The queue's name in Redis (tests use one of their own). */
  name?: string;
  backoffBaseMs?: number;
  onError?: (err: unknown, job: FailedRun) => void;
}

/** Done jobs are kept a week (and failed ones a month): a key used within that time is not added again. */
const KEEP_DONE_S = 7 * 24 * 3600;
const KEEP_FAILED_S = 30 * 24 * 3600;

/** BullMQ's job ids may not hold ':'; our keys use it, so it is swapped for a character keys never hold. */
const jobId = (key: string) => key.replaceAll(':', '~');

/**
 * A job added during a request carries the request's id beside its data, in an envelope only this file opens (a job
 * without one — a schedule's run, a job added before envelopes — is its data as it is).
 */
const ENVELOPE = '$soloistJob';
interface Envelope {
  [ENVELOPE]: 1;
  requestId: string;
  data: unknown;
}
const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && (v as Record<string, unknown>)[ENVELOPE] === 1;
const seal = (data: unknown): unknown => {
  const requestId = currentRequestId();
  return requestId ? { [ENVELOPE]: 1, requestId, data: data ?? null } : (data ?? null);
};
const open = (stored: unknown) =>
  isEnvelope(stored) ? { requestId: stored.requestId, data: stored.data } : { requestId: null, data: stored };

/**
 * The job queue on Redis through BullMQ (`REDIS_URL`): the scale-out path, where several API processes add jobs and
 * any number of workers take them. A key becomes the BullMQ job id, which Redis holds once; a repeating job is a
 * BullMQ job scheduler, kept in Redis so that however many processes declare it, it runs once per period.
 */
export function bullmqQueue(redisUrl: string, options: BullmqQueueOptions = {}): JobQueue {
  const name = options.name ?? 'soloist';
  const baseMs = options.backoffBaseMs ?? 10_000;
  // Workers block on Redis: BullMQ asks for connections that retry for ever rather than fail a command.
  const connection = () => new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queueConnection = connection();
  const queue = new Queue(name, { connection: queueConnection });
  // Redis away (restarting, unreachable): said through the app's log, not printed by BullMQ; adding fails meanwhile.
  queue.on('error', (err) => options.onError?.(err, { name: '(queue)', attempt: 0, failed: false }));
  const workers: Worker[] = [];
  const connections: Redis[] = [queueConnection];

  return {
    kind: 'bullmq',
    async add(jobName, data, opts = {}) {
      await queue.add(jobName, seal(data), {
        jobId: opts.key ? jobId(opts.key) : undefined,
        delay: opts.runAt ? Math.max(0, opts.runAt.getTime() - Date.now()) : undefined,
        attempts: opts.attempts ?? DEFAULT_ATTEMPTS,
        backoff: { type: 'exponential', delay: baseMs },
        removeOnComplete: { age: KEEP_DONE_S },
        removeOnFail: { age: KEEP_FAILED_S },
      });
    },
    async every(jobName, everyMs) {
      await queue.upsertJobScheduler(jobName, { every: everyMs }, { name: jobName, data: null, opts: { attempts: 1 } });
    },
    work(handlers: Record<string, JobHandler>, opts = {}) {
      const workerConnection = connection();
      connections.push(workerConnection);
      const worker = new Worker(
        name,
        async (job) => {
          const handler = handlers[job.name];
          if (!handler) throw new Error(`no handler for job ${job.name}`);
          const { requestId, data } = open(job.data);
          const info = { id: String(job.id), name: job.name, attempt: job.attemptsMade + 1, requestId };
          await withRequestId(requestId, () => handler(data, info));
        },
        { connection: workerConnection, concurrency: Math.max(1, opts.concurrency ?? 2), autorun: true },
      );
      worker.on('failed', (job, err) => {
        if (!job) return;
        const failed = job.attemptsMade >= (job.opts.attempts ?? 1);
        const { requestId } = open(job.data);
        options.onError?.(err, {
          name: job.name,
          attempt: job.attemptsMade,
          failed,
          ...(requestId ? { requestId } : {}),
        });
      });
      worker.on('error', (err) => options.onError?.(err, { name: '(queue)', attempt: 0, failed: false }));
      workers.push(worker);
    },
    async counts() {
      const c = await queue.getJobCounts('waiting', 'prioritized', 'waiting-children', 'active', 'delayed', 'failed');
      return {
        waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c['waiting-children'] ?? 0),
        active: c.active ?? 0,
        delayed: c.delayed ?? 0,
        failed: c.failed ?? 0,
      };
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await queue.close();
      await Promise.all(connections.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
