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
import { SCHEMA_KEYWORDS } from './engine/schema-keywords';
import compression from './plugins/compression';
import servicesPlugin from './plugins/services';
import localPages from './plugins/local-pages';
import { integrationRoutes } from './features/integrations/routes';
import { oauthRoutes } from './features/integrations/oauth-routes';
import { integrationWebhookRoutes } from './features/integrations/webhook-routes';
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
import { paymentExportRoutes } from './features/payments/export-routes';
import { paymentReadRoutes } from './features/payments/read-routes';
import { redemptionRoutes } from './features/payments/redemption-routes';
import { mileageSettingsRoutes } from './features/expenses/mileage-routes';
import { expenseRoutes } from './features/expenses/routes';
import { goalRoutes } from './features/goals/routes';
import { dataExportRoutes } from './features/data-export/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { analyticsRoutes } from './features/analytics/routes';
import { analyticsDetailsRoutes } from './features/analytics/details-routes';
import { clientImportRoutes } from './features/client-import/routes';
import { netIncomeExportRoutes } from './features/expenses/net-income-export';
import { invoiceRoutes } from './features/invoices/routes';
import { taxEstimateRoutes } from './features/tax/estimate-routes';
import { taxSettingsRoutes } from './features/tax/settings-routes';
import { invoiceSettingsRoutes } from './features/invoices/settings-routes';
import { paymentRoutes } from './features/payments/routes';
import { saleExportRoutes } from './features/sales/export-routes';
import { saleRoutes } from './features/sales/routes';
import { billingRoutes } from './features/billing/routes';
import { billingCardRoutes } from './features/billing/card-routes';
import { billingWebhookRoutes } from './features/billing/webhook-routes';
import { adminCreditRoutes } from './features/credits/admin-routes';
import { creditRoutes } from './features/credits/routes';
import { notificationSettingsRoutes } from './features/notifications/routes';
import { twilioRoutes } from './features/notifications/twilio-routes';
import { messageVoiceRoutes } from './features/notifications/voice-route';
import { marketingRoutes } from './features/marketing/routes';
import { marketingFooterRoutes } from './features/marketing/footer-routes';
import { marketingSalesRoutes } from './features/marketing/sales-routes';
import { marketingMessageRoutes } from './features/marketing/messages-routes';
import { unsubscribeRoutes } from './features/marketing/unsubscribe-routes';
import { liqpayRoutes } from './features/billing/liqpay/routes';
import { voucherCodeRoutes } from './features/sales/voucher-codes-routes';
import { clientMessageRoutes } from './features/clients/messages-routes';
import { uiRoutes } from './engine/ui-routes';
import { uploadRoutes } from './features/uploads/routes';
import { requestValidatorFactory } from './engine/request-validator';
import type { SchemaRegistry } from './engine/schema-registry';
import { SchemaStore } from './engine/schema-store';
import { CODE_NAMES } from '../domain/widget-names';
import { errorSchema } from './engine/responses';
import { FeatureEventBus } from './engine/events';
import { lazySerializerFactory } from './engine/lazy-serializer';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: Array<{ method: string; url: string; schema?: FastifySchema }>;
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
  const routes: Array<{ method: string; url: string; schema?: FastifySchema }> = [];
  fastify.decorate('routeList', routes);
  fastify.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: r.url, schema: r.schema });
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
  fastify.decorate('events', new FeatureEventBus(fastify.log));
  await fastify.register(localPages, { localPages: config.localPages });
  await fastify.register(cookie);
  await fastify.register(multipart);
  await fastify.register(rateLimit, { global: false });
  await fastify.register(securityHeaders);
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
  await fastify.register(paymentRoutes, { currency: config.currency });
  await fastify.register(paymentReadRoutes);
  await fastify.register(redemptionRoutes);
  await fastify.register(saleRoutes);
  await fastify.register(expenseRoutes, { currency: config.currency });
  await fastify.register(mileageSettingsRoutes);
  await fastify.register(goalRoutes);
  await fastify.register(dataExportRoutes);
  await fastify.register(dashboardRoutes);
  await fastify.register(analyticsRoutes);
  await fastify.register(analyticsDetailsRoutes);
  await fastify.register(clientImportRoutes);
  await fastify.register(netIncomeExportRoutes, { currency: config.currency });
  await fastify.register(invoiceRoutes, { currency: config.currency });
  await fastify.register(invoiceSettingsRoutes);
  await fastify.register(taxSettingsRoutes);
  await fastify.register(taxEstimateRoutes);
  await fastify.register(voucherCodeRoutes);
  await fastify.register(paymentExportRoutes, { currency: config.currency });
  await fastify.register(saleExportRoutes, { currency: config.currency });
  await fastify.register(bookingSettingsRoutes, { appUrl: config.appUrl });
  await fastify.register(onlineBookingRoutes, { appUrl: config.appUrl, currency: config.currency, i18n });
  await fastify.register(onlineBookingCheckoutRoutes, { appUrl: config.appUrl, currency: config.currency, i18n });
  await fastify.register(onlineBookingManageRoutes, { appUrl: config.appUrl, i18n });
  await fastify.register(billingRoutes);
  await fastify.register(creditRoutes);
  await fastify.register(notificationSettingsRoutes);
  await fastify.register(messageVoiceRoutes, { appUrl: config.appUrl });
  await fastify.register(twilioRoutes, { appUrl: config.appUrl, authToken: config.twilioAuthToken });
  await fastify.register(marketingRoutes, { i18n, appUrl: config.appUrl, smsNumber: config.twilioFrom ?? null });
  await fastify.register(marketingSalesRoutes);
  await fastify.register(marketingMessageRoutes);
  await fastify.register(marketingFooterRoutes, { i18n, appUrl: config.appUrl, smsNumber: config.twilioFrom ?? null });
  await fastify.register(unsubscribeRoutes, { i18n });
  await fastify.register(adminCreditRoutes);
  await fastify.register(billingCardRoutes, { appUrl: config.appUrl });
  await fastify.register(billingWebhookRoutes, { i18n, appUrl: config.appUrl });
  await fastify.register(liqpayRoutes, { appUrl: config.appUrl });
  await fastify.register(integrationRoutes);
  await fastify.register(oauthRoutes);
  await fastify.register(integrationWebhookRoutes);
  await fastify.register(adminRoutes);
  await fastify.register(affiliateRoutes, { appUrl: config.appUrl, currency: config.currency });
  await fastify.register(uiRoutes, { store });
  await fastify.register(clientAppointmentRoutes);
  await fastify.register(clientMessageRoutes);
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
