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
import operations, { requestIdOf } from './plugins/operations';
import { SCHEMA_KEYWORDS } from './engine/schema-keywords';
import compression from './plugins/compression';
import servicesPlugin from './plugins/services';
import localPages from './plugins/local-pages';
import abilityPlugin from './plugins/ability';
import sessionPlugin from './plugins/session';
import { webRoutes } from './plugins/web';
import { resourceRoutes } from './engine/resource-routes';
import auth from './features/auth';
import profile from './features/profile';
import calendarSettings from './features/calendar-settings';
import setup from './features/setup';
import availability from './features/availability';
import appointments from './features/appointments';
import integrations from './features/integrations';
import notifications from './features/notifications';
import payments from './features/payments';
import sales from './features/sales';
import invoices from './features/invoices';
import expenses from './features/expenses';
import goals from './features/goals';
import dataExport from './features/data-export';
import dashboard from './features/dashboard';
import analytics from './features/analytics';
import clientImport from './features/client-import';
import tax from './features/tax';
import onlineBooking from './features/online-booking';
import billing from './features/billing';
import credits from './features/credits';
import marketing from './features/marketing';
import admin from './features/admin';
import affiliate from './features/affiliate';
import clients from './features/clients';
import uploads from './features/uploads';
import bell from './features/bell';
import onboarding from './features/onboarding';
import referenceData from './features/reference-data';
import apiTokens from './features/api-tokens';
import uiConfig from './features/ui-config';
import search from './features/search';
import classes from './features/classes';
import { uiRoutes } from './engine/ui-routes';
import { decorateLiveView } from './engine/live-view';
import { requestValidatorFactory } from './engine/request-validator';
import type { SchemaRegistry } from './engine/schema-registry';
import { SchemaStore } from './engine/schema-store';
import { CODE_NAMES } from '../domain/widget-names';
import { errorSchema } from './engine/responses';
import { FeatureEventBus } from './engine/events';
import { lazySerializerFactory } from './engine/lazy-serializer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered: `guest` when it answers without a session (the session plugin's rule). */
    routeList: Array<{ method: string; url: string; schema?: FastifySchema; guest: boolean }>;
    /** The current schemas: the same object for the app's life, its contents replaced by a reload. */
    registry: SchemaRegistry;
    /** Schemas, permission rules and texts, and `reload()` (on file changes in development, on SIGHUP). */
    schemas: SchemaStore;
  }
}

/** ajv's options: Fastify's own for shared schemas, and the request validators (engine/request-validator.ts). */
export const ajvOptions = {
  allErrors: true, // a form gets every field's message at once, as Laravel-style clients expect
  verbose: true,
  removeAdditional: true,
  useDefaults: true,
  coerceTypes: 'array' as const, // query strings and path parameters only: bodies are not coerced (request-validator.ts)
  formats: FORMATS,
  keywords: SCHEMA_KEYWORDS,
};

/** A hop count as the function Fastify's typings accept (the first `hops` addresses from the socket are proxies). */
const trustedProxies = (v: Config['trustProxy']) =>
  typeof v === 'number' ? (_address: string, hop: number) => hop < v : v;

/** The schemas, rules and texts the app runs on, read from the configured folders (throws when they are unsound). */
export const schemaStore = (config: Config) =>
  new SchemaStore(
    { schemasDir: config.schemasDir, permissionsDir: config.permissionsDir, localesDir: config.localesDir },
    ajvOptions,
    CODE_NAMES,
  );

/**
 * Options Fastify's own ajv needs; build.ts passes them to `Fastify()`. Resource bodies and response shapes follow
 * the store's current set.
 */
export const fastifyOptions = (config: Config, store?: SchemaStore) => ({
  logger: config.logger,
  // Ids unique across processes (or the proxy's own), logged with each line and carried into the jobs a request adds.
  genReqId: requestIdOf,
  // Starting runs the migrations: on a large database, or a busy machine, that may take longer than Fastify's
  // default 10 seconds for a plugin. A start that truly hangs is still ended, after two minutes.
  pluginTimeout: 120_000,
  // Off unless TRUST_PROXY says which proxies may name the client's address (per-address limits count on it).
  trustProxy: trustedProxies(config.trustProxy),
  bodyLimit: 1024 * 1024,
  // Response serialisers compile anyOf branches with their own ajv: give it the same formats.
  serializerOpts: { ajv: { formats: FORMATS, keywords: ['x-message'] } },
  ajv: { customOptions: ajvOptions },
  schemaController: {
    compilersFactory: {
      buildValidator: requestValidatorFactory(ajvOptions, store),
      buildSerializer: lazySerializerFactory(
        store && { version: () => store.current.version, shared: () => store.current.shared },
      ),
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
 * Schemas, rules and texts come from the store (read from disk, reloaded without a restart or a build).
 */
export async function app(fastify: FastifyInstance, opts: Config & { store?: SchemaStore }): Promise<void> {
  const { store: given, ...config } = opts;
  // Every route, as registered, with its schema: tests walk them all (tenancy, fuzz), nothing is hand-picked.
  const routes: FastifyInstance['routeList'] = [];
  fastify.decorate('routeList', routes);
  fastify.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD') {
        const access = (r.config as { access?: string } | undefined)?.access;
        const guest = (access ?? (r.url.startsWith('/api/v1/') ? 'user' : 'public')) === 'public';
        routes.push({ method, url: r.url, schema: r.schema, guest });
      }
  });
  const store = given ?? schemaStore(config);
  const { registry, i18n } = store;
  fastify.decorate('registry', registry);
  fastify.decorate('schemas', store);
  // Reloads are told even without the request log: whoever edited a file wants to know it took effect, or why not.
  if (!config.logger) store.log = console;
  else store.log = { info: (msg) => fastify.log.info(msg), error: (msg) => fastify.log.error(msg) };
  if (config.watchSchemas) store.watch();
  fastify.addHook('onClose', async () => store.close());

  fastify.addSchema(errorSchema);
  for (const schema of Object.values(store.current.shared)) fastify.addSchema(schema);

  // Before anything that answers: API answers and validators go compressed (the built assets compress themselves).
  await fastify.register(compression);

  await fastify.register(swagger, {
    openapi: {
      info: { title: 'Soloist API', version: '1.0.0', description: 'Generated from the resource schemas in schemas/.' },
      // A browser signs in for a session cookie (and sends X-XSRF-TOKEN on writes); a program sends an API token an
      // admin issued for the account (/api/v1 only).
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'soloist_session' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API token issued by an admin (POST /api/v1/admin/token).',
          },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    // The local stand-ins for the providers (development only, under /local/) are not the product's API.
    transform: ({ schema, url }) => ({
      schema: url.startsWith('/local/') ? { ...(schema as object), hide: true } : schema,
      url,
    }),
  });
  await fastify.register(swaggerUi, { routePrefix: '/api/docs' });

  await fastify.register(dbPlugin, { url: config.databaseUrl });
  await fastify.register(servicesPlugin, config);
  fastify.decorate('resourceHooks', new Map());
  decorateLiveView(fastify);
  fastify.decorate('events', new FeatureEventBus(fastify.log));
  await fastify.register(localPages, { localPages: config.localPages });
  await fastify.register(cookie);
  await fastify.register(multipart);
  await fastify.register(rateLimit, { global: false });
  await fastify.register(securityHeaders);
  // Before the session: everything a request does after this runs under its id (and a job it adds carries it).
  await fastify.register(operations, config);
  await fastify.register(sessionPlugin, { secure: config.secureCookies, days: config.sessionDays, i18n, rules: store });
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

  // The features, each through its front door (features/<name>/index.ts). A feature that listens to another's events
  // comes after it (Fastify checks each one's `dependencies`).
  const features = [
    auth,
    profile,
    calendarSettings,
    setup,
    availability,
    appointments,
    classes,
    integrations,
    notifications,
    payments,
    sales,
    invoices,
    expenses,
    goals,
    dataExport,
    dashboard,
    analytics,
    clientImport,
    tax,
    onlineBooking,
    billing,
    credits,
    marketing,
    admin,
    affiliate,
    clients,
    uploads,
    referenceData,
    bell,
    apiTokens,
    uiConfig,
    onboarding,
    search,
  ];
  for (const feature of features) await fastify.register(feature, { config, i18n, store });
  // The platform's own routes: the screens and texts, and every declared resource's generic routes.
  await fastify.register(uiRoutes, { store });
  await fastify.register(resourceRoutes, { registry });
  await fastify.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // An owner's receipts and documents: a browser may keep them, a shared cache (a proxy, a CDN) may not.
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', 'private, no-cache'),
  });

  await webRoutes(fastify, { webDir: config.webDir });
}
