import type { FastifyInstance } from 'fastify';
import { BOOLEAN, object, responses } from '../../engine/responses';
import { notFound } from '../../infra/domain-error';
import { decodeData } from '../../infra/billing/liqpay-protocol';
import { liqpayPayments } from '../../infra/payments/liqpay-payments';
import { stripeWebhookEvent, WebhookSignatureError, type PaymentEvent } from '../../infra/payments/provider';
import { squareWebhookEvent } from '../../infra/square/webhook';
import {
  accountGone,
  LIQPAY_CALLBACK_PATH,
  paymentsFor,
  integrationOfPublicKey,
  integrationsOfAccount,
} from '../integrations';
import type { BookingDeps } from './context';
import { completeOnAccount, completePayment } from './payments';

export const SQUARE_WEBHOOK_PATH = '/api/v1/integrations/square/webhook';

const RECEIVED = responses({ 200: object({ received: BOOLEAN }) });

/**
 * Payments reported by owners' own providers, besides Stripe's (online booking's payment webhook): LiqPay's callback,
 * signed with the owner's private key and found by the public key it names; and Square's webhook, signed with the
 * application's signature key and naming the seller's account. Each completes the booking or purchase it pays once,
 * with that owner's own connection only; a bad signature is a 400 and changes nothing.
 */
export async function providerWebhookRoutes(app: FastifyInstance, deps: BookingDeps): Promise<void> {
  // Stripe: the payments endpoint (and Connect's, when connected accounts' events have their own secret).
  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: this route reads the body as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_000_000 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Body: string }>(
      '/api/v1/online-booking/payments/webhook',
      {
        config: { access: 'public', csrf: false },
        schema: {
          response: responses({ 200: object({ received: BOOLEAN }) }),
          hide: true,
        },
      },
      async (req, reply) => {
        const secrets = app.integrations.stripe?.webhookSecrets ?? [];
        if (!secrets.length) throw notFound();
        // Signed for the payments endpoint, or for the Connect endpoint when connected accounts' events have their own.
        const event = secrets.reduce<PaymentEvent | null>((found, secret) => {
          if (found) return found;
          try {
            return stripeWebhookEvent(req.body, req.headers['stripe-signature'] as string | undefined, secret);
          } catch (err) {
            if (err instanceof WebhookSignatureError) return null;
            throw err;
          }
        }, null);
        if (!event) return reply.code(400).send({ message: 'Invalid signature.' });
        // A payment on an owner's connected account: that owner's, and only theirs, to complete.
        if (event.kind === 'payment' && event.payment.paid && event.payment.account)
          await completeOnAccount(deps, req, 'stripe', event.payment.account, event.payment);
        // The owner disconnected the app in Stripe's dashboard: they are asked to connect again.
        if (event.kind === 'deauthorized') await accountGone(app, 'stripe', event.account);
        return { received: true };
      },
    );
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 100_000 },
      (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post<{ Body: { data?: unknown; signature?: unknown } | undefined }>(
      LIQPAY_CALLBACK_PATH,
      { config: { access: 'public', csrf: false }, schema: { response: RECEIVED, hide: true } },
      async (req, reply) => {
        const body = req.body ?? {};
        const claimed = typeof body.data === 'string' ? decodeData(body.data) : null;
        const key = typeof claimed?.public_key === 'string' ? claimed.public_key : null;
        const integration = key ? await integrationOfPublicKey(app.db, app.integrations.keys, key) : null;
        if (!integration) return reply.code(400).send({ message: 'Invalid signature.' });
        const { liqpay, appUrl } = app.integrations;
        const provider = liqpayPayments({
          publicKey: integration.publicKey!,
          privateKey: integration.secrets.privateKey ?? '',
          apiUrl: liqpay.apiUrl,
          serverUrl: `${appUrl}${LIQPAY_CALLBACK_PATH}`,
        });
        let result;
        try {
          result = provider.callback(body.data, body.signature);
        } catch (err) {
          if (err instanceof WebhookSignatureError) return reply.code(400).send({ message: 'Invalid signature.' });
          throw err;
        }
        if (result.paid) await completePayment(deps, req, { provider, userId: integration.userId }, result);
        return { received: true };
      },
    );
  });

  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: the body is read as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_000_000 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Body: string }>(
      SQUARE_WEBHOOK_PATH,
      { config: { access: 'public', csrf: false }, schema: { response: RECEIVED, hide: true } },
      async (req, reply) => {
        const key = app.integrations.square?.webhookSignatureKey;
        if (!key) throw notFound();
        let event;
        try {
          event = await squareWebhookEvent(req.body, req.headers['x-square-hmacsha256-signature'] as string, {
            signatureKey: key,
            notificationUrl: `${app.integrations.appUrl}${SQUARE_WEBHOOK_PATH}`,
          });
        } catch (err) {
          if (err instanceof WebhookSignatureError) return reply.code(400).send({ message: 'Invalid signature.' });
          throw err;
        }
        if (!event) return { received: true };
        if (event.type === 'oauth.authorization.revoked') {
          await accountGone(app, 'square', event.merchantId);
          return { received: true };
        }
        if (!event.orderId) return { received: true };
        for (const integration of await integrationsOfAccount(
          app.db,
          app.integrations.keys,
          'square',
          event.merchantId,
        )) {
          const connected = await paymentsFor(app, integration.userId);
          if (connected?.integration.id !== integration.id) continue;
          const result = await connected.provider.retrieve(event.orderId);
          if (result.paid)
            await completePayment(deps, req, { provider: connected.provider, userId: integration.userId }, result);
        }
        return { received: true };
      },
    );
  });
}
