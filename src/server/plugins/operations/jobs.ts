import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler } from '../../infra/queue/queue';
import type { Metrics } from './metrics';

/**
 * The handlers as this process runs them: each run is timed into the metrics and logged when it ends, under the id
 * of the request that added the job (`reqId`, as the request's own log lines have it). A failure is logged by the
 * queue's own error report, with the same id.
 */
export function instrumentJobs(
  handlers: Record<string, JobHandler>,
  deps: { metrics: Metrics; log: FastifyBaseLogger },
): Record<string, JobHandler> {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]): [string, JobHandler] => [
      name,
      async (data, job) => {
        const started = process.hrtime.bigint();
        const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
        try {
          await handler(data, job);
        } catch (err) {
          deps.metrics.job(name, 'failed', seconds());
          throw err;
        }
        const took = seconds();
        deps.metrics.job(name, 'done', took);
        deps.log.info(
          {
            reqId: job.requestId ?? undefined,
            job: name,
            jobId: job.id,
            attempt: job.attempt,
            ms: Math.round(took * 1000),
          },
          'job done',
        );
      },
    ]),
  );
}
