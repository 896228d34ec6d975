import { WebhooksHelper } from 'square';
import { WebhookSignatureError } from '../payments/provider';

/** What a Square webhook tells the app: the payment and order it is about, or the seller who revoked access. */
export interface SquareWebhookEvent {
  eventId: string;
  /** The seller's merchant id: which connection the event belongs to. */
  merchantId: string;
  type: string;
  /** The order a payment event names: the checkout id `squarePayments` gave, to `retrieve`. */
  orderId: string | null;
  paymentId: string | null;
}

/** The event types reported: a payment made or changed, and a seller's authorisation revoked. */
const PAYMENT_EVENTS = new Set(['payment.created', 'payment.updated']);
const REVOKED = 'oauth.authorization.revoked';

type Body = {
  event_id?: string;
  merchant_id?: string;
  type?: string;
  data?: { id?: string; object?: { payment?: { id?: string; order_id?: string } } };
};

/**
 * A Square webhook (https://developer.squareup.com/docs/webhooks/step3validate), verified with the SDK's
 * WebhooksHelper: `x-square-hmacsha256-signature` must be base64 HMAC-SHA-256, keyed with the subscription's
 * `signatureKey`, of `notificationUrl` (exactly as registered with Square) followed by the raw body. A missing or
 * wrong signature throws WebhookSignatureError. Answers `payment.created`/`payment.updated` with their payment and
 * order, and `oauth.authorization.revoked` with its merchant; null for other events. Asynchronous because the SDK's
 * check is (it may use Web Crypto).
 *
 * @example
 * const event = await squareWebhookEvent(rawBody, req.headers['x-square-hmacsha256-signature'], { signatureKey, notificationUrl });
 * if (event?.orderId) await completePayment(deps, req, await squarePayments({ accessToken }).retrieve(event.orderId));
 */
export async function squareWebhookEvent(
  rawBody: string,
  signatureHeader: string | undefined,
  opts: { signatureKey: string; notificationUrl: string },
): Promise<SquareWebhookEvent | null> {
  const valid =
    !!signatureHeader &&
    (await WebhooksHelper.verifySignature({
      requestBody: rawBody,
      signatureHeader,
      signatureKey: opts.signatureKey,
      notificationUrl: opts.notificationUrl,
    }));
  if (!valid) throw new WebhookSignatureError('The Square webhook signature does not match.');
  const body = JSON.parse(rawBody) as Body;
  const type = body.type ?? '';
  const base = { eventId: body.event_id ?? '', merchantId: body.merchant_id ?? '', type };
  if (type === REVOKED) return { ...base, orderId: null, paymentId: null };
  if (!PAYMENT_EVENTS.has(type)) return null;
  const payment = body.data?.object?.payment;
  return { ...base, orderId: payment?.order_id ?? null, paymentId: payment?.id ?? body.data?.id ?? null };
}
