import { randomCode } from '../../../src/server/infra/crypto';
import { merchantOf, objectOf, textOf, type Call, type Context, type Route } from './http';
import { linkJson, locationJson, merchantJson, moneyOf, newOrder, once } from './objects';
import { badRequest, ids, notFound, stamp, type Json, type Link, type Money } from './state';

/** The object of `kind` under `id` that belongs to the merchant, or Square's 404. */
function owned<T extends { merchantId: string }>(map: Map<string, T>, kind: string, id: string, merchantId: string): T {
  const found = map.get(id);
  if (!found || found.merchantId !== merchantId) throw notFound(kind, id);
  return found;
}

/** Checkout options as kept on a link: `redirect_url` checked, the rest kept as given. */
function checkoutOptionsOf(value: unknown, current: Json = {}): Json {
  const options = { ...current, ...objectOf(value) };
  const url = options.redirect_url;
  if (url !== undefined && url !== null && (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url)))
    throw badRequest('INVALID_VALUE', 'redirect_url must be an http(s) URL.', 'checkout_options.redirect_url');
  return options;
}

/** A quick-pay link's order: one item, `name`, at `price_money`, at `location_id`. */
const quickPayOrder = (quick: Json): Json => ({
  location_id: quick.location_id,
  line_items: [
    { name: quick.name, quantity: '1', base_price_money: moneyOf(quick.price_money, 'quick_pay.price_money') },
  ],
});

/** CreatePaymentLink: `quick_pay` (`name`, `price_money`, `location_id`) or an `order`, and the page's options. */
function createLink(ctx: Context, call: Call): Json {
  const merchantId = merchantOf(ctx.state, call, ['ORDERS_WRITE', 'PAYMENTS_WRITE']);
  const b = call.body;
  return once(ctx, `${merchantId} payment-links`, textOf(b.idempotency_key), b, () => {
    if ((b.quick_pay === undefined) === (b.order === undefined))
      throw badRequest('INVALID_REQUEST_ERROR', 'Give exactly one of quick_pay and order.', 'quick_pay');
    const order = b.quick_pay
      ? newOrder(ctx, merchantId, quickPayOrder(objectOf(b.quick_pay)), 'quick_pay')
      : newOrder(ctx, merchantId, objectOf(b.order));
    const note = textOf(b.payment_note) ?? null;
    if (note && note.length > 500) throw badRequest('VALUE_TOO_LONG', 'payment_note is at most 500.', 'payment_note');
    const now = stamp();
    const link: Link = {
      id: ids.link(),
      version: 1,
      merchantId,
      order_id: order.json.id as string,
      description: textOf(b.description) ?? '',
      checkout_options: checkoutOptionsOf(b.checkout_options),
      pre_populated_data: objectOf(b.pre_populated_data),
      payment_note: note,
      created_at: now,
      updated_at: now,
    };
    ctx.state.orders.set(link.order_id, order);
    ctx.state.links.set(link.id, link);
    return { payment_link: linkJson(ctx, link), related_resources: { orders: [order.json] } };
  });
}

/** UpdatePaymentLink: `payment_link.version` must be the current one; the options given replace theirs. */
function updateLink(ctx: Context, call: Call): Json {
  const merchantId = merchantOf(ctx.state, call, ['ORDERS_WRITE', 'PAYMENTS_WRITE']);
  const link = owned(ctx.state.links, 'payment link', call.params[0], merchantId);
  const change = objectOf(call.body.payment_link);
  if (change.version !== link.version)
    throw badRequest('VERSION_MISMATCH', `The payment link is at version ${link.version}.`, 'payment_link.version');
  if (change.checkout_options !== undefined)
    link.checkout_options = checkoutOptionsOf(change.checkout_options, link.checkout_options);
  if (change.pre_populated_data !== undefined)
    link.pre_populated_data = { ...link.pre_populated_data, ...objectOf(change.pre_populated_data) };
  if (typeof change.description === 'string') link.description = change.description;
  if (typeof change.payment_note === 'string') link.payment_note = change.payment_note || null;
  link.version += 1;
  link.updated_at = stamp();
  return { payment_link: linkJson(ctx, link) };
}

/** RefundPayment: all or part of a COMPLETED payment, at most what is left of it; `idempotency_key` required. */
function refundPayment(ctx: Context, call: Call): Json {
  const merchantId = merchantOf(ctx.state, call, ['PAYMENTS_WRITE']);
  const b = call.body;
  const key = textOf(b.idempotency_key);
  if (!key) throw badRequest('MISSING_REQUIRED_PARAMETER', 'idempotency_key is required.', 'idempotency_key');
  return once(ctx, `${merchantId} refunds`, key, b, () => {
    const payment = owned(ctx.state.payments, 'payment', textOf(b.payment_id) ?? '', merchantId).json;
    const asked = moneyOf(b.amount_money, 'amount_money');
    const total = payment.total_money as Money;
    const refunded = (payment.refunded_money as Money | undefined)?.amount ?? 0;
    if (payment.status !== 'COMPLETED')
      throw badRequest('PAYMENT_NOT_REFUNDABLE', 'Only a completed payment can be refunded.', 'payment_id');
    if (asked.currency !== total.currency)
      throw badRequest('CURRENCY_MISMATCH', `The payment is in ${total.currency}.`, 'amount_money.currency');
    if (asked.amount > total.amount - refunded)
      throw badRequest('REFUND_AMOUNT_INVALID', 'The refund is more than is left to refund.', 'amount_money.amount');
    const now = stamp();
    const refund = {
      id: `${payment.id as string}_${randomCode(22)}`,
      status: 'COMPLETED',
      location_id: payment.location_id,
      amount_money: asked,
      payment_id: payment.id,
      order_id: payment.order_id,
      ...(textOf(b.reason) ? { reason: b.reason } : {}),
      destination_type: 'CARD',
      created_at: now,
      updated_at: now,
    };
    payment.refunded_money = { amount: refunded + asked.amount, currency: total.currency };
    payment.refund_ids = [...((payment.refund_ids as string[] | undefined) ?? []), refund.id];
    payment.updated_at = now;
    ctx.state.refunds.set(refund.id, { merchantId, json: refund });
    ctx.webhooks.send('refund.created', merchantId, 'refund', refund.id, { refund });
    return { refund };
  });
}

/**
 * The v2 API the app uses, each call acting for the merchant of its access token: RetrieveMerchant (`me` or its
 * id), ListLocations, Create/Retrieve/UpdatePaymentLink, RetrieveOrder, GetPayment, RefundPayment.
 */
export function apiRoutes(ctx: Context): Route[] {
  const { state } = ctx;
  return [
    {
      method: 'GET',
      path: /^\/v2\/merchants\/([^/]+)$/,
      handle(call) {
        const merchantId = merchantOf(state, call, ['MERCHANT_PROFILE_READ']);
        if (call.params[0] !== 'me' && call.params[0] !== merchantId) throw notFound('merchant', call.params[0]);
        return { json: { merchant: merchantJson(state.merchants.get(merchantId)!) } };
      },
    },
    {
      method: 'GET',
      path: /^\/v2\/locations$/,
      handle(call) {
        const merchant = state.merchants.get(merchantOf(state, call, ['MERCHANT_PROFILE_READ']))!;
        return { json: { locations: [locationJson(merchant)] } };
      },
    },
    {
      method: 'POST',
      path: /^\/v2\/online-checkout\/payment-links$/,
      handle: (call) => ({ json: createLink(ctx, call) }),
    },
    {
      method: 'GET',
      path: /^\/v2\/online-checkout\/payment-links\/([^/]+)$/,
      handle(call) {
        const merchantId = merchantOf(state, call, ['ORDERS_READ']);
        return {
          json: { payment_link: linkJson(ctx, owned(state.links, 'payment link', call.params[0], merchantId)) },
        };
      },
    },
    {
      method: 'PUT',
      path: /^\/v2\/online-checkout\/payment-links\/([^/]+)$/,
      handle: (call) => ({ json: updateLink(ctx, call) }),
    },
    {
      method: 'GET',
      path: /^\/v2\/orders\/([^/]+)$/,
      handle(call) {
        const merchantId = merchantOf(state, call, ['ORDERS_READ']);
        return { json: { order: owned(state.orders, 'order', call.params[0], merchantId).json } };
      },
    },
    {
      method: 'GET',
      path: /^\/v2\/payments\/([^/]+)$/,
      handle(call) {
        const merchantId = merchantOf(state, call, ['PAYMENTS_READ']);
        return { json: { payment: owned(state.payments, 'payment', call.params[0], merchantId).json } };
      },
    },
    { method: 'POST', path: /^\/v2\/refunds$/, handle: (call) => ({ json: refundPayment(ctx, call) }) },
  ];
}
