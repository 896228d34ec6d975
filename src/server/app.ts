import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Config } from './config';
import { FORMATS } from '../domain/formats';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import inputGuard from './plugins/input-guard';
import securityHeaders from './plugins/security-headers';
import servicesPlugin from './plugins/services';
import abilityPlugin from './plugins/ability';
import sessionPlugin from './plugins/session';
import { webRoutes } from './plugins/web';
import { adminRoutes } from './features/admin/routes';
import { affiliateRoutes } from './features/affiliate/routes';
import { authRoutes } from './features/auth/routes';
import { onlineBookingRoutes } from './features/online-booking/routes';
import { onlineBookingCheckoutRoutes } from './features/online-booking/checkout-routes';
import { bookingSettingsRoutes } from './features/online-booking/settings-routes';
import { onlineBookingManageRoutes } from './features/online-booking/manage-routes';
import { appointmentRoutes } from './features/appointments/routes';
import { availabilityRoutes, classSessionRoutes } from './features/availability/routes';
import { calendarSettingsRoutes } from './features/calendar-settings/routes';
import { setupRoutes } from './features/setup/routes';
import { profileRoutes } from './features/profile/routes';
import { resourceRoutes } from './engine/resource-routes';
import { clientAppointmentRoutes } from './features/appointments/client-routes';
import { uiRoutes } from './engine/ui-routes';
import { uploadRoutes } from './features/uploads/routes';
import { createI18n } from './infra/i18n';
import { requestValidatorFactory } from './engine/request-validator';
import { loadSchemas, type SchemaRegistry } from './engine/schema-registry';
import { errorSchema } from './engine/responses';
import { lazySerializerFactory } from './engine/lazy-serializer';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: Array<{ method: string; url: string; schema?: FastifySchema }>;
    /** The schemas as loaded at start. */
    registry: SchemaRegistry;
  }
}

/** ajv's options: Fastify's own for shared schemas, and the request validators (engine/request-validator.ts). */
const ajvOptions = {
  allErrors: true, // a form gets every field's message at once, as Laravel-style clients expect
  verbose: true,
  removeAdditional: true,
  useDefaults: true,
  coerceTypes: 'array' as const, // query strings and path parameters only: bodies are not coerced (request-validator.ts)
  formats: FORMATS,
  keywords: ['x-message'],
};

/** A hop count as the function Fastify's typings accept (the first `hops` addresses from the socket are proxies). */
const trustedProxies = (v: Config['trustProxy']) =>
  typeof v === 'number' ? (_address: string, hop: number) => hop < v : v;

/** Options Fastify's own ajv needs; server.ts and tests pass them to `Fastify()`. */
export const fastifyOptions = (config: Config) => ({
  logger: config.logger,
  // Off unless TRUST_PROXY says which proxies may name the client's address (per-address limits count on it).
  trustProxy: trustedProxies(config.trustProxy),
  bodyLimit: 1024 * 1024,
  // Response serialisers compile anyOf branches with their own ajv: give it the same formats.
  serializerOpts: { ajv: { formats: FORMATS, keywords: ['x-message'] } },
  ajv: { customOptions: ajvOptions },
  schemaController: {
    compilersFactory: { buildValidator: requestValidatorFactory(ajvOptions), buildSerializer: lazySerializerFactory() },
  },
});

/**
 * Normalises a JSON body in place: "" becomes null, as forms send it (Laravel's ConvertEmptyStringsToNull).
 * Returns the paths of strings holding a NUL character, which no database column should store (PostgreSQL
 * refuses them outright).
 */
function normaliseBody(value: unknown, path: string[] = [], bad: string[] = []): string[] {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (v === '') (value as Record<string, unknown>)[k] = null;
      else if (typeof v === 'string' && v.includes('\u0000')) bad.push([...path, k].join('.'));
      else normaliseBody(v, [...path, k], bad);
    }
  }
  return bad;
}

/**
 * The whole application as a Fastify plugin. It never listens: server.ts does, tests use `inject`.
 * Schemas are read from disk here, at start, so an edited schema is served after a restart without a build.
 */
export async function app(fastify: FastifyInstance, config: Config): Promise<void> {
  // Every route, as registered, with its schema: tests walk them all (tenancy, fuzz), nothing is hand-picked.
  const routes: Array<{ method: string; url: string; schema?: FastifySchema }> = [];
  fastify.decorate('routeList', routes);
  fastify.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: r.url, schema: r.schema });
  });
  const registry = loadSchemas(config.schemasDir);
  fastify.decorate('registry', registry);
  const i18n = createI18n(path.join(config.root, 'src', 'locales'));

  fastify.addSchema(errorSchema);
  for (const resource of registry.resources.values()) {
    fastify.addSchema({ ...resource.request, $id: `${resource.name}.request`, title: `${resource.file.title}Input` });
    fastify.addSchema({ ...resource.record, $id: `${resource.name}.record`, title: resource.file.title });
    fastify.addSchema({ ...resource.item, $id: `${resource.name}.item`, title: `${resource.file.title}ListItem` });
  }

  await fastify.register(swagger, {
    openapi: {
      info: { title: 'Soloist API', version: '1.0.0', description: 'Generated from the resource schemas in schemas/.' },
    },
  });
  await fastify.register(swaggerUi, { routePrefix: '/api/docs' });

  await fastify.register(dbPlugin, { url: config.databaseUrl });
  await fastify.register(servicesPlugin, config);
  await fastify.register(cookie);
  await fastify.register(multipart);
  await fastify.register(rateLimit, { global: false });
  await fastify.register(securityHeaders);
  await fastify.register(sessionPlugin, { secure: config.secureCookies, days: config.sessionDays, i18n });
  await fastify.register(abilityPlugin);
  await fastify.register(errorsPlugin, { registry });
  await fastify.register(inputGuard);

  fastify.addHook('preValidation', async (req, reply) => {
    if (!req.body || typeof req.body !== 'object' || !req.headers['content-type']?.startsWith('application/json'))
      return;
    const bad = normaliseBody(req.body);
    if (bad.length === 0) return;
    const errors = Object.fromEntries(
      bad.map((f) => [f, [req.t('validation.format', { field: f.split('.').pop()!.replace(/_/g, ' ') })]]),
    );
    return reply.code(422).send({ message: Object.values(errors)[0][0], errors });
  });

  await fastify.register(authRoutes, {
    sessionDays: config.sessionDays,
    appUrl: config.appUrl,
    loginAttemptsPerMinute: config.loginAttemptsPerMinute,
  });
  await fastify.register(profileRoutes);
  await fastify.register(calendarSettingsRoutes);
  await fastify.register(setupRoutes);
  await fastify.register(availabilityRoutes);
  await fastify.register(classSessionRoutes);
  await fastify.register(appointmentRoutes);
  await fastify.register(bookingSettingsRoutes, { appUrl: config.appUrl });
  await fastify.register(onlineBookingRoutes, { appUrl: config.appUrl, currency: config.currency, i18n });
  await fastify.register(onlineBookingCheckoutRoutes, { appUrl: config.appUrl, currency: config.currency, i18n });
  await fastify.register(onlineBookingManageRoutes, { appUrl: config.appUrl, i18n });
  await fastify.register(adminRoutes);
  await fastify.register(affiliateRoutes, { appUrl: config.appUrl });
  await fastify.register(uiRoutes, { registry, i18n });
  await fastify.register(clientAppointmentRoutes);
  await fastify.register(resourceRoutes, { registry });
  await fastify.register(uploadRoutes, { dir: config.uploadsDir });
  await fastify.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
  });

  await webRoutes(fastify, { webDir: config.webDir });
}
