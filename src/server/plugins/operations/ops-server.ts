import Fastify, { type FastifyInstance } from 'fastify';
import { errorSchema } from '../../engine/responses';
import securityHeaders from '../security-headers';
import { requestIdOf } from './request-id';
import { operationsRoutes } from './routes';

/**
 * A worker's own HTTP server: only `/health`, `/ready` and `/metrics` of the app `app` (its database, queue and
 * metrics), with the same security headers, and no route of the app itself. It is the worker's only listener.
 */
export async function opsServer(app: FastifyInstance): Promise<FastifyInstance> {
  const server = Fastify({ loggerInstance: app.log, genReqId: requestIdOf });
  server.addSchema(errorSchema);
  await server.register(securityHeaders);
  await server.register(operationsRoutes, {
    readiness: app.operations.readiness,
    metrics: app.operations.metrics,
    metricsToken: app.operations.metricsToken,
    draining: () => app.operations.draining,
  });
  server.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Not found' }));
  server.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (app.operations.draining) reply.header('connection', 'close');
  });
  await server.ready();
  return server;
}
