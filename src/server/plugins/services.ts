import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { BillingProvider } from '../infra/billing/provider';
import { liqpayClient, type LiqpayClient } from '../infra/billing/liqpay';
import { stripeBilling } from '../infra/billing/stripe-billing';
import { keyring, newKey } from '../infra/crypto';
import { integrationPlatform, type IntegrationPlatform, type PlatformOptions } from '../infra/integrations/platform';
import { createMailer, type Mailer } from '../infra/mailer';
import { createQueue } from '../infra/queue/create';
import type { JobQueue } from '../infra/queue/queue';
import { outboxTransport, smsSender, type SmsSender } from '../infra/sms';
import { twilioTransport } from '../infra/sms-twilio';
import { databaseLimiter, failingClosed, redisLimiter, type RateLimiter } from '../infra/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    sms: SmsSender;
    limiter: RateLimiter;
    /** The durable job queue (BullMQ on Redis when REDIS_URL is set, else the app's own database). */
    queue: JobQueue;
    /** Owners' own subscriptions (Stripe Billing); null when no provider is configured. */
    billing: BillingProvider | null;
    /** Owners' own subscriptions in the UA deployment (LiqPay); null when not configured. */
    liqpay: LiqpayClient | null;
    /** Owners' own integrations: the platform's OAuth apps, providers' addresses, and the keyring sealing secrets. */
    integrations: IntegrationPlatform;
  }
}

export type ServicesOptions = PlatformOptions &
  Pick<
    Config,
    | 'secretsKey'
    | 'secretsOldKeys'
    | 'smtpUrl'
    | 'redisUrl'
    | 'mailFrom'
    | 'stripeSecretKey'
    | 'stripeWebhookSecret'
    | 'stripeApiUrl'
    | 'stripeBillingWebhookSecret'
    | 'stripeTestClocks'
    | 'appUrl'
    | 'twilioAccountSid'
    | 'twilioAuthToken'
    | 'twilioFrom'
    | 'twilioApiUrl'
    | 'liqpayPublicKey'
    | 'liqpayPrivateKey'
    | 'liqpayApiUrl'
  >;

/**
 * Shared services with outside effects: email, SMS, card payments, the job queue and rate-limit counters (the last two
 * on Redis when REDIS_URL is set).
 */
export default fp(
  async (app, opts: ServicesOptions) => {
    const mailer = createMailer(app.db, { smtpUrl: opts.smtpUrl, from: opts.mailFrom });
    const store = opts.redisUrl ? redisLimiter(opts.redisUrl) : databaseLimiter(app.db);
    const limiter = failingClosed(store, (err) => app.log.error({ err }, 'rate-limit store failed; refusing'));
    app.decorate('mailer', mailer);
    app.decorate('limiter', limiter);
    const queue = createQueue(app.db, {
      redisUrl: opts.redisUrl,
      onError: (err, job) =>
        app.log.error(
          { err, job: job.name, attempt: job.attempt, reqId: job.requestId ?? undefined },
          job.failed ? 'job failed for good' : 'job failed',
        ),
    });
    app.decorate('queue', queue);
    // SMS through Twilio when an account is configured, else kept in the outbox for the owner to see.
    const sms =
      opts.twilioAccountSid && opts.twilioAuthToken && opts.twilioFrom
        ? twilioTransport({
            accountSid: opts.twilioAccountSid,
            authToken: opts.twilioAuthToken,
            from: opts.twilioFrom,
            apiUrl: opts.twilioApiUrl,
            statusCallbackUrl: `${opts.appUrl}/api/v1/sms/status`,
          })
        : outboxTransport();
    app.decorate('sms', smsSender(app.db, sms));
    app.decorate(
      'billing',
      opts.stripeSecretKey && opts.stripeBillingWebhookSecret
        ? stripeBilling({
            secretKey: opts.stripeSecretKey,
            webhookSecret: opts.stripeBillingWebhookSecret,
            apiUrl: opts.stripeApiUrl,
            testClocks: opts.stripeTestClocks,
          })
        : null,
    );
    app.decorate(
      'liqpay',
      opts.liqpayPublicKey && opts.liqpayPrivateKey
        ? liqpayClient({
            publicKey: opts.liqpayPublicKey,
            privateKey: opts.liqpayPrivateKey,
            apiUrl: opts.liqpayApiUrl,
          })
        : null,
    );
    // Without a key (tests, a first run) secrets are sealed with one that lives as long as the process.
    if (!opts.secretsKey) app.log.warn('SECRETS_KEY is not set: provider secrets are sealed with a passing key');
    const keys = keyring(opts.secretsKey ?? newKey(), opts.secretsOldKeys ?? []);
    app.decorate('integrations', integrationPlatform(opts, keys));
    app.addHook('onClose', async () => {
      // The workers stop first: a message in hand still finds the mail pool open.
      await queue.close();
      mailer.close();
      await limiter.close();
    });
  },
  { name: 'services', dependencies: ['db'] },
);
