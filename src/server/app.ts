import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { FORMATS } from '../domain/formats';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import securityHeaders from './plugins/security-headers';
import servicesPlugin from './plugins/services';
import sessionPlugin from './plugins/session';
import { adminRoutes } from './routes/admin';
import { affiliateRoutes } from './routes/affiliate';
import { authRoutes } from './routes/auth';
import { onlineBookingRoutes } from './routes/online-booking';
import { appointmentRoutes } from './routes/appointments';
import { availabilityRoutes, classSessionRoutes } from './routes/availability';
import { calendarSettingsRoutes } from './routes/calendar-settings';
import { profileRoutes } from './routes/profile';
import { resourceRoutes } from './routes/resources';
import { uiRoutes } from './routes/ui';
import { uploadRoutes } from './routes/uploads';
import { createI18n } from './services/i18n';
import { loadSchemas, type SchemaRegistry } from './services/schema-registry';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: Array<{ method: string; url: string }>;
    /** The schemas as loaded at start. */
    registry: SchemaRegistry;
  }
}

/** Options Fastify's own ajv needs; server.ts and tests pass them to `Fastify()`. */
export const fastifyOptions = (config: Config) => ({
  logger: config.logger,
  trustProxy: true,
  bodyLimit: 1024 * 1024,
  // Response serialisers compile anyOf branches with their own ajv: give it the same formats.
  serializerOpts: { ajv: { formats: FORMATS, keywords: ['x-message'] } },
  ajv: {
    customOptions: {
      allErrors: true, // a form gets every field's message at once, as Laravel-style clients expect
      verbose: true,
      removeAdditional: true,
      useDefaults: true,
      coerceTypes: 'array' as const,
      formats: FORMATS,
      keywords: ['x-message'],
    },
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
  // Every route, as registered: tests walk them all (tenancy), nothing is hand-picked.
  const routes: Array<{ method: string; url: string }> = [];
  fastify.decorate('routeList', routes);
  fastify.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  const registry = loadSchemas(config.schemasDir);
  fastify.decorate('registry', registry);
  const i18n = createI18n(path.join(config.root, 'src', 'locales'));

  for (const resource of registry.resources.values()) {
    fastify.addSchema({ ...resource.request, $id: `${resource.name}.request`, title: `${resource.file.title}Input` });
    fastify.addSchema({ ...resource.record, $id: `${resource.name}.record`, title: resource.file.title });
    fastify.addSchema({ ...resource.item, $id: `${resource.name}.item`, title: `${resource.file.title}ListItem` });
  }

  await fastify.register(swagger, {
    openapi: { info: { title: 'Soloist API', version: '1.0.0', description: 'Generated from the resource schemas in schemas/.' } },
  });
  await fastify.register(swaggerUi, { routePrefix: '/api/docs' });

  await fastify.register(dbPlugin, { url: config.databaseUrl });
  await fastify.register(servicesPlugin, config);
  await fastify.register(cookie);
  await fastify.register(multipart);
  await fastify.register(rateLimit, { global: false });
  await fastify.register(securityHeaders);
  await fastify.register(sessionPlugin, { secure: config.secureCookies, days: config.sessionDays, i18n });
  await fastify.register(errorsPlugin, { registry });

  fastify.addHook('preValidation', async (req, reply) => {
    if (!req.body || typeof req.body !== 'object' || !req.headers['content-type']?.startsWith('application/json')) return;
    const bad = normaliseBody(req.body);
    if (bad.length === 0) return;
    const errors = Object.fromEntries(bad.map((f) => [f, [req.t('validation.format', { field: f.split('.').pop()!.replace(/_/g, ' ') })]]));
    return reply.code(422).send({ message: Object.values(errors)[0][0], errors });
  });

  await fastify.register(authRoutes, { sessionDays: config.sessionDays, appUrl: config.appUrl });
  await fastify.register(profileRoutes);
  await fastify.register(calendarSettingsRoutes);
  await fastify.register(availabilityRoutes);
  await fastify.register(classSessionRoutes);
  await fastify.register(appointmentRoutes);
  await fastify.register(onlineBookingRoutes, { appUrl: config.appUrl, currency: config.currency, i18n });
  await fastify.register(adminRoutes);
  await fastify.register(affiliateRoutes, { appUrl: config.appUrl });
  await fastify.register(uiRoutes, { registry, i18n });
  await fastify.register(resourceRoutes, { registry });
  await fastify.register(uploadRoutes, { dir: config.uploadsDir });
  await fastify.register(fastifyStatic, { root: config.uploadsDir, prefix: '/uploads/', decorateReply: false, index: false });

  const indexFile = path.join(config.webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await fastify.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      index: false,
      setHeaders: (res, file) => {
        // Hashed chunks never change; the page and the service worker must always be revalidated.
        const immutable = /\.[0-9a-f]{8,}\.(js|css)$/.test(file);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // History-mode fallback: a path without a file extension is an app route and gets the page.
  fastify.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api') || req.url.startsWith('/sanctum') || req.url.startsWith('/uploads');
    if (!isApi && hasWeb && req.method === 'GET' && !path.extname(req.url.split('?')[0])) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
    }
    return reply.code(404).send({ message: req.t ? req.t('errors.notFound') : 'Not found' });
  });
}
