import type { FastifyInstance } from 'fastify';
import { sameSecret } from '../../infra/crypto';
import { object, responses, STRING } from '../../engine/responses';
import type { Metrics } from './metrics';
import type { Readiness } from './readiness';

export interface OperationsRoutesOptions {
  readiness: Readiness;
  metrics: Metrics;
  /** `METRICS_TOKEN`: without one, /metrics is not served at all. */
  metricsToken?: string;
  /** Whether this process is shutting down (/ready then turns the load balancer away). */
  draining: () => boolean;
}

const STATE = { type: 'string', enum: ['ok', 'failed', 'pending', 'off'] } as const;
const READY = object(
  {
    status: { type: 'string', enum: ['ready', 'not ready', 'draining'] },
    checks: object({ database: STATE, migrations: STATE, redis: STATE }),
  },
  { required: ['status'] },
);
const tags = ['operations'];
/** A load balancer asks every few seconds: its probes would bury the log. */
const quiet = 'warn' as const;

/**
 * `/health` (the process is alive: answers without touching the database), `/ready` (it can work: 503 naming the part
 * that cannot) and `/metrics` (Prometheus's text format, for the bearer of METRICS_TOKEN only). Outside `/api/`, so no
 * session, CSRF or rate limit applies to them; the security headers do, as to every answer.
 */
export async function operationsRoutes(app: FastifyInstance, opts: OperationsRoutesOptions): Promise<void> {
  app.get(
    '/health',
    {
      logLevel: quiet,
      schema: { tags, response: responses({ 200: object({ status: STRING }, { required: ['status'] }) }) },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/ready',
    { logLevel: quiet, schema: { tags, response: responses({ 200: READY, 503: READY }) } },
    async (_req, reply) => {
      if (opts.draining()) return reply.code(503).send({ status: 'draining' });
      const report = await opts.readiness.check();
      return reply
        .code(report.ready ? 200 : 503)
        .send({ status: report.ready ? 'ready' : 'not ready', checks: report.checks });
    },
  );

  app.get(
    '/metrics',
    {
      logLevel: quiet,
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: responses({ 200: { description: "Prometheus's text exposition format.", type: 'string' } }),
      },
    },
    async (req, reply) => {
      // Not configured: as if there were no such address, so nothing tells a stranger the figures exist.
      if (!opts.metricsToken) return reply.callNotFound();
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !sameSecret(bearer, opts.metricsToken))
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'Unauthorized' });
      const text = await opts.metrics.registry.metrics();
      return reply.type(opts.metrics.registry.contentType).send(text);
    },
  );
}
