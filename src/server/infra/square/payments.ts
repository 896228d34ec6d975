import type { Square, SquareClient } from 'square';
import { randomHex, sha256 } from '../crypto';
import type { PaymentProvider, PaymentResult } from '../payments/provider';
import { squareClient } from './client';
import { withToken } from './errors';

/** Where the payment's id goes in the return URL, as in Stripe's `success_url`. */
const PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** Order metadata keys Square takes: 1–60 of [A-Za-z0-9_-]; at most 10 entries, values up to 255 characters. */
const METADATA_KEY = /^[A-Za-z0-9_-]{1,60}$/;

/** Metadata checked against Square's limits before a link is asked for, so a bad key fails with its name. */
function orderMetadata(metadata: Record<string, string>): Record<string, string> {
  const entries = Object.entries(metadata);
  if (entries.length > 10) throw new RangeError('Square takes at most 10 metadata entries on an order.');
  for (const [key, value] of entries) {
    if (!METADATA_KEY.test(key)) throw new RangeError(`Square order metadata key "${key}": 1–60 of [A-Za-z0-9_-].`);
    if (value.length > 255) throw new RangeError(`Square order metadata "${key}": at most 255 characters.`);
  }
  return metadata;
}

/** The merchant's main location, else its first active one that takes cards. */
async function mainLocation(client: SquareClient): Promise<string> {
  const { merchant } = await withToken(() => client.merchants.get({ merchantId: 'me' }));
  if (merchant?.mainLocationId) return merchant.mainLocationId;
  const { locations } = await withToken(() => client.locations.list());
  const usable = locations?.find((l) => l.status === 'ACTIVE' && l.capabilities?.includes('CREDIT_CARD_PROCESSING'));
  if (!usable?.id) throw new Error('The Square account has no active location that takes card payments.');
  return usable.id;
}

/** An SDK amount (a bigint, or a number where the SDK left it so) as a number of minor units. */
const minor = (money: Square.Money | undefined): number => Number(money?.amount ?? 0);

/**
 * Square, for a seller connected through OAuth (`accessToken`): each checkout is a payment link
 * (https://developer.squareup.com/docs/checkout-api) selling one line item, the description, at the amount asked,
 * on a new order at the seller's location that carries the metadata. The checkout's id is that order's id: the
 * link is made, then its `redirect_url` is set with the order id in place of `{CHECKOUT_SESSION_ID}` (Square makes
 * the order with the link, so its id is known only then). `retrieve` reads the order and the payment of its tender;
 * `paymentIntent` is that Square payment's id, which `refund` gives back in full. Square's webhooks need a lookup
 * before they say anything about a checkout: `parseWebhook` throws; see `squareWebhookEvent`.
 *
 * @example
 * const square = squarePayments({ accessToken: grant.accessToken });
 * const { id, url } = await square.createCheckout({ amount: 2500, currency: 'gbp', description: 'Deposit', … });
 * const result = await square.retrieve(id); // when the client is back at successUrl, or a webhook names the order
 */
export function squarePayments(opts: { accessToken: string; baseUrl?: string; locationId?: string }): PaymentProvider {
  const client = squareClient(opts.baseUrl, opts.accessToken);
  let location: Promise<string> | null = opts.locationId ? Promise.resolve(opts.locationId) : null;
  const locationId = () =>
    (location ??= mainLocation(client).catch((err: unknown) => {
      location = null;
      throw err;
    }));

  async function createCheckout(req: Parameters<PaymentProvider['createCheckout']>[0]) {
    const currency = req.currency.toUpperCase() as Square.Currency;
    const waits = req.successUrl.includes(PLACEHOLDER);
    const checkoutOptions = { allowTipping: false, askForShippingAddress: false };
    const created = await withToken(async () =>
      client.checkout.paymentLinks.create({
        // The SDK retries a 5xx with the same key: Square then answers the link it made rather than a second one.
        idempotencyKey: randomHex(16),
        description: req.description,
        order: {
          locationId: await locationId(),
          lineItems: [
            { name: req.description, quantity: '1', basePriceMoney: { amount: BigInt(req.amount), currency } },
          ],
          metadata: orderMetadata(req.metadata),
        },
        checkoutOptions: waits ? checkoutOptions : { ...checkoutOptions, redirectUrl: req.successUrl },
        prePopulatedData: req.customerEmail ? { buyerEmail: req.customerEmail } : undefined,
        paymentNote: req.description.slice(0, 500),
      }),
    );
    const link = created.paymentLink;
    if (!link?.id || !link.orderId || !link.url) throw new Error('Square answered CreatePaymentLink without a link.');
    if (!waits) return { id: link.orderId, url: link.url };
    const redirectUrl = req.successUrl.split(PLACEHOLDER).join(encodeURIComponent(link.orderId));
    const updated = await withToken(() =>
      client.checkout.paymentLinks.update({
        id: link.id!,
        paymentLink: { version: link.version, checkoutOptions: { ...checkoutOptions, redirectUrl } },
      }),
    );
    return { id: link.orderId, url: updated.paymentLink?.url ?? link.url };
  }

  async function retrieve(id: string): Promise<PaymentResult> {
    const { order } = await withToken(() => client.orders.get({ orderId: id }));
    if (!order) throw new Error(`Square answered RetrieveOrder ${id} without the order.`);
    const tender = order.tenders?.find((t) => t.paymentId || t.id);
    const paymentId = tender?.paymentId ?? tender?.id ?? null;
    // An order stays OPEN after a payment link is paid (Square completes it with its fulfilment): the payment says.
    const payment = paymentId ? (await withToken(() => client.payments.get({ paymentId }))).payment : undefined;
    const metadata = Object.entries(order.metadata ?? {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    );
    return {
      id: order.id ?? id,
      paid: payment?.status === 'COMPLETED',
      amount: minor(order.totalMoney),
      currency: (order.totalMoney?.currency ?? '').toLowerCase(),
      paymentIntent: paymentId,
      metadata: Object.fromEntries(metadata),
    };
  }

  async function refund(payment: PaymentResult) {
    const paymentId = payment.paymentIntent;
    if (!paymentId) throw new Error(`Square order ${payment.id} has no payment to refund.`);
    const found = (await withToken(() => client.payments.get({ paymentId }))).payment;
    const total = found?.totalMoney ?? found?.amountMoney;
    if (!total?.currency) throw new Error(`Square answered GetPayment ${paymentId} without its amount.`);
    const amountMoney = { amount: BigInt(minor(total)), currency: total.currency };
    // The key is the payment's: a repeated call (a webhook delivered twice) is answered with the first refund.
    const idempotencyKey = `refund-${sha256(paymentId).slice(0, 38)}`;
    const res = await withToken(() =>
      client.refunds.refundPayment({ idempotencyKey, paymentId, amountMoney, reason: 'Refunded in full' }),
    );
    if (!res.refund?.id) throw new Error(`Square answered RefundPayment for ${paymentId} without a refund.`);
    return { id: res.refund.id };
  }

  return {
    name: 'square',
    createCheckout,
    retrieve,
    refund,
    parseWebhook() {
      throw new Error('A Square webhook names an order to look up: use squareWebhookEvent, then retrieve(orderId).');
    },
  };
}
