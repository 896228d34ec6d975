import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request (or the job) whose work is running now. The operations plugin opens it around each request; the queue
 * records its id with every job added under it and opens it again around the job's run, so a job logs the id of the
 * request that asked for it — and the jobs a job adds carry the same id on.
 */
export const jobContext = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request (or job) running now, if any. */
export const currentRequestId = (): string | null => jobContext.getStore()?.requestId ?? null;

/** Runs `work` as part of request `requestId`, or of none (outside whatever request the caller is part of). */
export const withRequestId = <T>(requestId: string | null, work: () => T): T =>
  requestId ? jobContext.run({ requestId }, work) : jobContext.exit(work);
