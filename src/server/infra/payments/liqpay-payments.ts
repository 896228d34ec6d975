import { liqpayClient } from '../billing/liqpay';
import type { Params } from '../billing/liqpay-protocol';
import { newToken } from '../crypto';
import { WebhookSignatureError, type PaymentProvider, type PaymentResult } from './provider';

/** LiqPay's statuses of a payment that went through (`sandbox`: a sandbox key's payment). */
const PAID = ['success', 'sandbox'];

/** Minor units from LiqPay's major-unit amounts (hryvnias with kopecks). */
const minor = (amount: unknown): number => Math.round(Number(amount) * 100);

/** A payment as LiqPay's status answer or callback describes it. */
function resultOf(p: Params): PaymentResult {
  let metadata: Record<string, string> = {};
  try {
    metadata = typeof p.info === 'string' ? (JSON.parse(p.info) as Record<string, string>) : {};
  } catch {
    metadata = {};
  }
  return {
    id: String(p.order_id ?? ''),
    paid: PAID.includes(String(p.status)),
    amount: minor(p.amount),
    currency: String(p.currency ?? '').toLowerCase(),
    paymentIntent: String(p.order_id ?? ''),
    metadata,
    account: typeof p.public_key === 'string' ? p.public_key : null,
  };
}

/**
 * Card payments on an owner's own LiqPay account (API v3 with their public and private keys): a `pay` checkout that
 * the client is sent to by link (`/api/3/checkout?data=…&signature=…`), confirmed by the signed callback to
 * `serverUrl` or by asking its `status`, and refunded in full with `refund`. Our order id is the payment's id, so the
 * client's return address can carry it. `publicUrl` is the checkout's address as the browser reaches it.
 */
export function liqpayPayments(options: {
  publicKey: string;
  privateKey: string;
  apiUrl: string;
  publicUrl?: string;
  /** Where LiqPay reports each payment (the app's `POST /api/v1/integrations/liqpay/callback`). */
  serverUrl: string;
}): PaymentProvider & { callback(data: unknown, signature: unknown): PaymentResult } {
  const client = liqpayClient(options);
  const page = (options.publicUrl ?? options.apiUrl).replace(/\/$/, '');
  const params = (orderId: string, req: CheckoutParams): Params => ({
    action: 'pay',
    amount: (req.amount / 100).toFixed(2),
    currency: req.currency.toUpperCase(),
    description: req.description,
    order_id: orderId,
    result_url: req.successUrl.replace('{CHECKOUT_SESSION_ID}', orderId),
    server_url: options.serverUrl,
    info: JSON.stringify(req.metadata),
    language: 'uk',
  });
  return {
    name: 'liqpay',
    async createCheckout(req) {
      const orderId = `dep_${newToken(12)}`;
      const { data, signature } = client.checkout(params(orderId, req));
      const query = new URLSearchParams({ data, signature }).toString();
      return { id: orderId, url: `${page}/api/3/checkout?${query}` };
    },
    async retrieve(id) {
      const answer = await client.request({ action: 'status', order_id: id });
      if (answer.result === 'error' && answer.err_code === 'payment_not_found')
        return { id, paid: false, amount: 0, currency: '', paymentIntent: null, metadata: {} };
      if (answer.result === 'error') throw new Error(`LiqPay refused status: ${String(answer.err_description)}`);
      return resultOf(answer);
    },
    parseWebhook() {
      throw new WebhookSignatureError('LiqPay reports payments as callbacks: use callback()');
    },
    callback(data, signature) {
      return resultOf(client.callback(data, signature));
    },
    async refund(payment) {
      const answer = await client.request({
        action: 'refund',
        order_id: payment.id,
        amount: (payment.amount / 100).toFixed(2),
      });
      if (answer.status !== 'reversed')
        throw new Error(`LiqPay refused the refund: ${String(answer.err_description ?? answer.status)}`);
      return { id: `${payment.id}:reversed` };
    },
  };
}

/** What a LiqPay checkout is made from (the card request of online booking). */
type CheckoutParams = Parameters<PaymentProvider['createCheckout']>[0];
