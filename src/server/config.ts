import path from 'node:path';

/**
 * What one process does (`SOLOIST_ROLE`): `all` serves the app and works the job queue (the embedded default);
 * `api` serves the app and only adds jobs; `worker` works the queue and the schedules and serves no app route (only
 * `/health`, `/ready` and `/metrics` on its port).
 */
export type ServerRole = 'all' | 'api' | 'worker';
export const SERVER_ROLES: readonly ServerRole[] = ['all', 'api', 'worker'];

/** A setting the environment gives that the server cannot run with: the message names it and what it takes. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Everything the server reads from the environment, in one place. */
export interface Config {
  databaseUrl: string;
  /** What this process does (`SOLOIST_ROLE`, default `all`; `JOBS=0` is the older spelling of `api`). */
  role: ServerRole;
  /**
   * The bearer token `GET /metrics` asks for (`METRICS_TOKEN`, at least 16 characters). Unset, `/metrics` answers
   * 404 to everyone: the figures are never public by default.
   */
  metricsToken?: string;
  port: number;
  host: string;
  /** Root of the repository: schemas/ and data/ are found from here. */
  root: string;
  /** Schema files (`SCHEMAS_DIR`, default schemas/), permission rules (`PERMISSIONS_DIR`) and texts (`LOCALES_DIR`). */
  schemasDir: string;
  permissionsDir: string;
  localesDir: string;
  /** Re-read schemas, rules and texts when their files change (`SCHEMAS_WATCH`; on unless NODE_ENV=production). */
  watchSchemas: boolean;
  uploadsDir: string;
  /** The built browser app (webpack output; `WEB_DIR`, default dist/web); served when present. */
  webDir: string;
  /** Secure cookies: on when the app is reached over HTTPS. */
  secureCookies: boolean;
  sessionDays: number;
  /** Structured JSON logs on stdout, one line an event, each request's with its id (`LOG`; on with NODE_ENV=production). */
  logger: boolean;
  /** Public address of the app, for links in emails. */
  appUrl: string;
  smtpUrl?: string;
  redisUrl?: string;
  mailFrom: string;
  /** Card payments (online-booking deposits) through Stripe. Without a key, development uses the local provider. */
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Another address for Stripe's API: the local provider in development and tests. */
  stripeApiUrl?: string;
  /**
   * Owners paying for their own plan (Stripe Billing, same account and key): the signing secret of the webhook
   * endpoint `/api/v1/billing/webhook`. Without it there is no billing.
   */
  stripeBillingWebhookSecret?: string;
  /**
   * Each new billing customer on a Stripe test clock of its own (`STRIPE_TEST_CLOCKS=1`; test-mode keys and the
   * local provider only), so a test or a demo can move that owner's time: the trial ending, renewals.
   */
  stripeTestClocks: boolean;
  /** LiqPay (the UA deployment's owners paying for their plan): the shop's keys; without them, the local stand-in. */
  /** Twilio (SMS): without an account SID, SMS stay in the outbox. */
  twilioAccountSid?: string;
  twilioAuthToken?: string;
  /** The fixed number (or messaging service) SMS go from, and clients text OPTOUT to. */
  twilioFrom?: string;
  /** https://api.twilio.com, or a local stand-in. */
  twilioApiUrl: string;
  liqpayPublicKey?: string;
  liqpayPrivateKey?: string;
  /** https://www.liqpay.ua, or the local stand-in. */
  liqpayApiUrl: string;
  /**
   * Seals secrets at rest (owners' provider tokens and keys), AES-256-GCM: 64 hex digits (`SECRETS_KEY`). Earlier
   * keys still open what they sealed (`SECRETS_OLD_KEYS`, comma-separated) until `npm run secrets:rotate` seals it
   * all again. Unset, development keeps a key of its own in `data/secrets.key`.
   */
  secretsKey?: string;
  secretsOldKeys: string[];
  /** Stripe Connect: the platform's client id (`ca_…`); owners connect their own accounts through OAuth. */
  stripeConnectClientId?: string;
  /**
   * The signing secret of the Connect webhook endpoint (connected accounts' events: their deposits, an owner
   * disconnecting), when it is another endpoint than the payments one (`STRIPE_CONNECT_WEBHOOK_SECRET`).
   */
  stripeConnectWebhookSecret?: string;
  /** https://connect.stripe.com, or the local stand-in; the browser opens `stripeConnectPublicUrl` (default the same). */
  stripeConnectUrl: string;
  stripeConnectPublicUrl?: string;
  /** Square: the application's id and secret (OAuth), its webhook signature key, and its API address. */
  squareApplicationId?: string;
  squareApplicationSecret?: string;
  squareWebhookSignatureKey?: string;
  squareBaseUrl: string;
  squarePublicUrl?: string;
  /** Zoom: the OAuth app's id and secret, its webhook secret token, and its addresses. */
  zoomClientId?: string;
  zoomClientSecret?: string;
  zoomWebhookSecret?: string;
  zoomOauthUrl: string;
  zoomApiUrl: string;
  zoomPublicUrl?: string;
  /** The browser's address of LiqPay's checkout (default `liqpayApiUrl`): the local stand-in's pages through the app. */
  liqpayPublicUrl?: string;
  /** Local stand-ins whose pages the app serves under `/local/<name>/` (development): name → their own address. */
  localPages: Record<string, string>;
  /** The local provider's port in development (`LOCAL_STRIPE_PORT`; any free port when unset). */
  localStripePort?: number;
  currency: string;
  /**
   * Which proxies may name the client's address (X-Forwarded-For) and protocol: off unless configured, so no
   * client can pick the address its per-address limits count against. As Fastify's `trustProxy` accepts it.
   */
  trustProxy: boolean | number | string[];
  /** Log-in attempts one account may make per minute (`LOGIN_ATTEMPTS_PER_MINUTE`, default 10). */
  loginAttemptsPerMinute: number;
  /** Sign-ups one address may make per hour (`SIGN_UPS_PER_ADDRESS_PER_HOUR`, default 10). */
  signUpsPerAddressPerHour: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = overrides.root ?? findRoot();
  return {
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(root, 'data', 'soloist.db')}`,
    role: parseRole(env.SOLOIST_ROLE, env.JOBS),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    root,
    schemasDir: path.resolve(root, env.SCHEMAS_DIR ?? 'schemas'),
    permissionsDir: path.resolve(root, env.PERMISSIONS_DIR ?? 'permissions'),
    localesDir: path.resolve(root, env.LOCALES_DIR ?? path.join('src', 'locales')),
    watchSchemas: env.SCHEMAS_WATCH ? env.SCHEMAS_WATCH === '1' : env.NODE_ENV !== 'production',
    uploadsDir: path.resolve(root, env.UPLOADS_DIR ?? path.join('data', 'uploads')),
    webDir: path.resolve(root, env.WEB_DIR ?? path.join('dist', 'web')),
    secureCookies: env.SECURE_COOKIES === '1',
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    logger: env.LOG ? env.LOG === '1' : env.NODE_ENV === 'production',
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Soloist <no-reply@soloist.app>',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    stripeBillingWebhookSecret: env.STRIPE_BILLING_WEBHOOK_SECRET || undefined,
    stripeTestClocks: env.STRIPE_TEST_CLOCKS === '1',
    twilioAccountSid: env.TWILIO_ACCOUNT_SID || undefined,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN || undefined,
    twilioFrom: env.TWILIO_FROM || undefined,
    twilioApiUrl: env.TWILIO_API_URL || 'https://api.twilio.com',
    liqpayPublicKey: env.LIQPAY_PUBLIC_KEY || undefined,
    liqpayPrivateKey: env.LIQPAY_PRIVATE_KEY || undefined,
    liqpayApiUrl: env.LIQPAY_API_URL || 'https://www.liqpay.ua',
    secretsKey: env.SECRETS_KEY || undefined,
    secretsOldKeys: (env.SECRETS_OLD_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    stripeConnectClientId: env.STRIPE_CONNECT_CLIENT_ID || undefined,
    stripeConnectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET || undefined,
    stripeConnectUrl: env.STRIPE_CONNECT_URL || 'https://connect.stripe.com',
    squareApplicationId: env.SQUARE_APPLICATION_ID || undefined,
    squareApplicationSecret: env.SQUARE_APPLICATION_SECRET || undefined,
    squareWebhookSignatureKey: env.SQUARE_WEBHOOK_SIGNATURE_KEY || undefined,
    squareBaseUrl: env.SQUARE_BASE_URL || 'https://connect.squareup.com',
    zoomClientId: env.ZOOM_CLIENT_ID || undefined,
    zoomClientSecret: env.ZOOM_CLIENT_SECRET || undefined,
    zoomWebhookSecret: env.ZOOM_WEBHOOK_SECRET || undefined,
    zoomOauthUrl: env.ZOOM_OAUTH_URL || 'https://zoom.us',
    zoomApiUrl: env.ZOOM_API_URL || 'https://api.zoom.us/v2',
    localPages: {},
    localStripePort: env.LOCAL_STRIPE_PORT ? Number(env.LOCAL_STRIPE_PORT) : undefined,
    currency: (env.CURRENCY ?? 'gbp').toLowerCase(),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    loginAttemptsPerMinute: positiveWhole(env.LOGIN_ATTEMPTS_PER_MINUTE, 10),
    signUpsPerAddressPerHour: positiveWhole(env.SIGN_UPS_PER_ADDRESS_PER_HOUR, 10),
    ...overrides,
  };
}

/** `SOLOIST_ROLE` (all, api or worker); unset, `JOBS=0` still makes a process that takes no jobs. */
export function parseRole(value: string | undefined, jobs?: string): ServerRole {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return jobs === '0' ? 'api' : 'all';
  if ((SERVER_ROLES as readonly string[]).includes(v)) return v as ServerRole;
  throw new ConfigError(`SOLOIST_ROLE must be one of ${SERVER_ROLES.join(', ')} (it is "${value}")`);
}

/** `METRICS_TOKEN`: unset or empty is none; a token short enough to guess is refused rather than used. */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  if (v.length < 16 || /\s/.test(v))
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces (openssl rand -hex 24)');
  return v;
}

/** A whole number of at least 1, or the fallback when unset or anything else. */
function positiveWhole(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isSafeInteger(n) && n >= 1 ? n : fallback;
}

/**
 * `TRUST_PROXY`: unset, empty, `0` or `false` trusts no proxy; `true` trusts every hop; a whole number is how many
 * proxies stand in front of the app; anything else is a comma list of proxy addresses or CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The repository root, whether running from src/ (tsx) or from dist/server/src/ (compiled). */
function findRoot(): string {
  const parts = __dirname.split(path.sep);
  const i = parts.lastIndexOf('dist');
  return i > 0 ? parts.slice(0, i).join(path.sep) : path.resolve(__dirname, '..', '..');
}
