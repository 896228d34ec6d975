import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { app, fastifyOptions, schemaStore } from './app';
import type { Config } from './config';

/** A ready Fastify instance with the app registered; used by server.ts, the tests and the benchmark. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const store = schemaStore(config);
  const fastify = Fastify(fastifyOptions(config, store));
  await fastify.register(fp(app, { name: 'soloist' }), { ...config, store });
  await fastify.ready();
  return fastify;
}
