/**
 * The durable job queue: work that must happen even if the process that asked for it stops (a reminder, a
 * campaign's batch, the hourly checks). Two implementations behind this one interface: BullMQ on Redis when
 * `REDIS_URL` is set (several API processes, one or more workers), and a table in the app's own database
 * otherwise, so that `npm start` needs nothing else. Both keep jobs across restarts, retry a failed run with an
 * exponential back-off, and add a job under a key at most once, so the same work asked for twice runs once.
 * A handler may still run twice for one job (a worker dying after the work, before recording it): what it does must
 * itself be once-only (messages carry a unique key; see features/notifications).
 */
export interface JobOptions {
  /** Idempotency key: a job added again under a key already used (waiting, running or done) is not added. */
  key?: string;
  /** Not run before this time. */
  runAt?: Date;
  /** Runs in all before it is recorded failed (default 5). */
  attempts?: number;
}

export interface JobInfo {
  id: string;
  name: string;
  /** 1 on the first run. */
  attempt: number;
  /** The request the job was added in (`job-context.ts`), null (or absent) for a schedule's run. */
  requestId?: string | null;
}

/** How many jobs are in each state now (done ones are not counted): the metrics' queue depth. */
export interface QueueCounts {
  /** Due and not taken yet. */
  waiting: number;
  /** Being run. */
  active: number;
  /** Waiting for a later time (their `runAt`, or a retry's back-off). */
  delayed: number;
  /** Failed for good (kept a while for a look). */
  failed: number;
}

/** What the queue tells about a run that failed: whether it was the last try, and the request that asked for it. */
export interface FailedRun {
  name: string;
  attempt: number;
  failed: boolean;
  requestId?: string | null;
}

export type JobHandler = (data: unknown, job: JobInfo) => Promise<void>;

export interface JobQueue {
  readonly kind: 'table' | 'bullmq';
  add(name: string, data: unknown, options?: JobOptions): Promise<void>;
  /** Runs `name` once in every period of `everyMs` (once across all processes), starting with the current one. */
  every(name: string, everyMs: number): Promise<void>;
  /** Starts taking jobs in this process, `concurrency` at a time; a name without a handler is left for another. */
  work(handlers: Record<string, JobHandler>, options?: { concurrency?: number }): void;
  /** The jobs in each state, across all processes. */
  counts(): Promise<QueueCounts>;
  /** Stops taking jobs, lets running ones finish, and lets go of connections. */
  close(): Promise<void>;
}

export const DEFAULT_ATTEMPTS = 5;

/** The wait before run `attempt + 1` after run `attempt` failed: base × 2^(attempt − 1), at most an hour. */
export const backoffMs = (attempt: number, baseMs: number): number =>
  Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempt - 1));
