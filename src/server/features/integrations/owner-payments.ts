import type { FastifyInstance } from 'fastify';
import { liqpayPayments } from '../../infra/payments/liqpay-payments';
import { stripeProvider, type PaymentProvider } from '../../infra/payments/provider';
import { squarePayments } from '../../infra/square/payments';
import { accessTokenOf, withAccessToken } from './grants';
import { integrationOf, type Integration } from './store';

/** The app's address LiqPay reports owners' payments to. */
export const LIQPAY_CALLBACK_PATH = '/api/v1/integrations/liqpay/callback';

/**
 * The card provider of an owner's own connection, bound to their account: Stripe through Connect (every call on the
 * connected account), Square with their access token (refreshed first when due), LiqPay with their keys. Null when
 * the owner has not connected one, or it needs connecting again: then online deposits are off.
 */
export async function paymentsFor(
  app: FastifyInstance,
  userId: number,
): Promise<{ provider: PaymentProvider; integration: Integration } | null> {
  const integration = await integrationOf(app.db, app.integrations.keys, userId, 'payments');
  if (!integration || integration.status !== 'connected') return null;
  const provider = await providerOf(app, integration).catch(() => null);
  return provider ? { provider, integration } : null;
}

/** The provider bound to a connection (its tokens refreshed when due). */
export async function providerOf(app: FastifyInstance, i: Integration): Promise<PaymentProvider | null> {
  const platform = app.integrations;
  if (i.provider === 'stripe' && platform.stripe)
    return stripeProvider({
      secretKey: platform.stripe.secretKey,
      webhookSecret: platform.stripe.webhookSecret ?? '',
      apiUrl: platform.stripe.apiUrl,
      account: i.accountId,
    });
  if (i.provider === 'square' && platform.square) {
    const square = platform.square;
    await accessTokenOf(app, i, 'payments');
    return refreshing(app, i, (accessToken) => squarePayments({ accessToken, baseUrl: square.baseUrl }));
  }
  if (i.provider === 'liqpay')
    return liqpayPayments({
      publicKey: i.publicKey ?? '',
      privateKey: i.secrets.privateKey ?? '',
      apiUrl: platform.liqpay.apiUrl,
      publicUrl: platform.liqpay.publicUrl,
      serverUrl: `${platform.appUrl}${LIQPAY_CALLBACK_PATH}`,
    });
  return null;
}

/**
 * A provider used with an OAuth access token: a call the provider refuses for its token (revoked, run out early) is
 * made again once with a refreshed grant; refused again, the integration is marked for reconnecting (withAccessToken).
 */
function refreshing(app: FastifyInstance, i: Integration, make: (token: string) => PaymentProvider): PaymentProvider {
  const run = <T>(call: (p: PaymentProvider) => Promise<T>) =>
    withAccessToken(app, i, 'payments', (token) => call(make(token)));
  return {
    name: i.provider,
    createCheckout: (req) => run((p) => p.createCheckout(req)),
    retrieve: (id) => run((p) => p.retrieve(id)),
    parseWebhook: (raw, signature) => make(i.secrets.accessToken ?? '').parseWebhook(raw, signature),
    refund: (payment) => run((p) => p.refund(payment)),
  };
}
