import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { withRequestId } from '../../infra/queue/job-context';
import type { JobHandler } from '../../infra/queue/queue';
import { instrumentJobs } from './jobs';
import { createMetrics, type Metrics } from './metrics';
import { readiness, type Readiness } from './readiness';
import { REQUEST_ID_HEADER } from './request-id';
import { operationsRoutes } from './routes';

export { requestIdOf, REQUEST_ID_HEADER } from './request-id';
export { opsServer } from './ops-server';

/**
 * What running the app as a service needs (the README's *Operations*): `/health`, `/ready` and `/metrics`; request
 * ids, given back in `X-Request-Id` and carried into the jobs a request adds; HTTP metrics per route pattern; and the
 * drain a shutdown starts. A worker process serves the same three routes on a server of its own (`opsServer`).
 */
export interface Operations {
  metrics: Metrics;
  readiness: Readiness;
  metricsToken?: string;
  /** Job handlers timed into the metrics and logged under the id of the request that added each job. */
  instrumentJobs(handlers: Record<string, JobHandler>): Record<string, JobHandler>;
  /** Starts the shutdown's drain: /ready answers 503 and every answer closes its connection. */
  drain(): void;
  readonly draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    operations: Operations;
  }
}

export type OperationsOptions = Pick<Config, 'role' | 'metricsToken' | 'redisUrl'>;

/** Requests matched to no route are counted under one label, so a scan of random addresses adds no series. */
const UNMATCHED = '(unmatched)';

export default fp(
  async (app: FastifyInstance, opts: OperationsOptions) => {
    const metrics = createMetrics({
      role: opts.role,
      queue: app.queue,
      db: app.dbHandle,
      onError: (err, what) => app.log.error({ err }, `metrics: ${what} could not be read`),
    });
    const ready = readiness({
      db: app.db as unknown as Kysely<unknown>,
      dialect: app.dialect,
      redisUrl: opts.redisUrl,
      onError: (err, part) => app.log.error({ err }, `not ready: ${part}`),
    });
    let draining = false;
    const operations: Operations = {
      metrics,
      readiness: ready,
      metricsToken: opts.metricsToken,
      instrumentJobs: (handlers) => instrumentJobs(handlers, { metrics, log: app.log }),
      drain: () => void (draining = true),
      get draining() {
        return draining;
      },
    };
    app.decorate('operations', operations);

    // The rest of the request runs as part of it: a job it adds records its id (infra/queue/job-context.ts).
    app.addHook('onRequest', (req, _reply, done) => withRequestId(req.id, done));
    app.addHook('onSend', async (req, reply) => {
      reply.header(REQUEST_ID_HEADER, req.id);
      if (draining) reply.header('connection', 'close');
    });
    app.addHook('onResponse', async (req, reply) => {
      metrics.request(req.method, req.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
    });
    app.addHook('onClose', async () => ready.close());

    await app.register(operationsRoutes, {
      readiness: ready,
      metrics,
      metricsToken: opts.metricsToken,
      draining: () => draining,
    });
  },
  { name: 'operations', dependencies: ['db', 'services', 'security-headers'] },
);
