import { newToken } from '../../../src/server/infra/crypto';
import { textOf, type Context, type Reply, type Route } from './http';
import { errorPage, paidPage, payPage, type PayView } from './pages';
import { ids, stamp, type Json, type Link, type Money } from './state';

/** Luhn's check digit: what tells a card number from a typo. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card typed on the page, or what is wrong with it. */
function readCard(form: URLSearchParams): { last4: string; bin: string; month: number; year: number } | string {
  const number = (form.get('card') ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return 'Check the card number.';
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.get('expiry') ?? '');
  const month = Number(exp?.[1]);
  const year = exp?.[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp?.[2]);
  const now = new Date();
  if (!exp || month < 1 || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    return 'Check the card’s expiry date.';
  if (!/^\d{3,4}$/.test((form.get('cvv') ?? '').trim())) return 'Check the CVV.';
  return { last4: number.slice(-4), bin: number.slice(0, 6), month, year };
}

type Card = Exclude<ReturnType<typeof readCard>, string>;

/** The link's order paid with `card`: a COMPLETED card payment, the order's tender, the order COMPLETED. */
function pay(ctx: Context, link: Link, order: Json, card: Card, email: string): Json {
  const total = order.total_money as Money;
  const now = stamp();
  const id = ids.object();
  const payment: Json = {
    id,
    created_at: now,
    updated_at: now,
    amount_money: total,
    total_money: total,
    approved_money: total,
    status: 'APPROVED',
    delay_duration: 'PT168H',
    source_type: 'CARD',
    card_details: {
      status: 'AUTHORIZED',
      card: {
        card_brand: card.bin.startsWith('4') ? 'VISA' : 'OTHER_BRAND',
        last_4: card.last4,
        exp_month: card.month,
        exp_year: card.year,
        card_type: 'CREDIT',
        bin: card.bin,
      },
      entry_method: 'KEYED',
      cvv_status: 'CVV_ACCEPTED',
      avs_status: 'AVS_ACCEPTED',
    },
    location_id: order.location_id,
    order_id: order.id,
    ...(link.payment_note ? { note: link.payment_note } : {}),
    ...(email ? { buyer_email_address: email } : {}),
    receipt_number: id.slice(0, 4),
    application_details: { square_product: 'ECOMMERCE_API', application_id: ctx.applicationId },
    version_token: newToken(24),
  };
  ctx.state.payments.set(id, { merchantId: link.merchantId, json: payment });
  ctx.webhooks.send('payment.created', link.merchantId, 'payment', id, { payment: structuredClone(payment) });
  // Square's hosted checkout captures at once: the payment is created APPROVED and completed straight after.
  Object.assign(payment, { status: 'COMPLETED', updated_at: stamp() });
  Object.assign(payment.card_details as Json, { status: 'CAPTURED' });
  const tender = {
    id,
    location_id: order.location_id,
    transaction_id: order.id,
    created_at: now,
    note: 'Online Transaction',
    amount_money: total,
    type: 'CARD',
    card_details: { status: 'CAPTURED', card: (payment.card_details as Json).card, entry_method: 'KEYED' },
    payment_id: id,
  };
  const closed = stamp();
  Object.assign(order, {
    tenders: [tender],
    state: 'COMPLETED',
    version: (order.version as number) + 1,
    updated_at: closed,
    closed_at: closed,
    net_amount_due_money: { amount: 0, currency: total.currency },
  });
  ctx.webhooks.send('payment.updated', link.merchantId, 'payment', id, { payment: structuredClone(payment) });
  return payment;
}

/**
 * Where the payer goes once the link is paid: its `redirect_url` with Square's `checkoutId`, `orderId` and
 * `transactionId` added, or the stand-in's own confirmation page.
 */
function done(ctx: Context, link: Link, order: Json): Reply {
  const url = textOf(link.checkout_options.redirect_url);
  if (!url) return { html: paidPage(view(ctx, link, order).name, order.total_money as Money) };
  const to = new URL(url);
  to.searchParams.append('checkoutId', link.id);
  to.searchParams.append('orderId', link.order_id);
  to.searchParams.append('transactionId', link.order_id);
  return { redirect: to.toString() };
}

/** What the page shows of a link: its items, total, merchant and the buyer's email when given. */
function view(ctx: Context, link: Link, order: Json): PayView {
  const merchant = ctx.state.merchants.get(link.merchantId)!;
  const items = order.line_items as { name: string }[];
  return {
    linkId: link.id,
    name: items.map((i) => i.name).join(', '),
    total: order.total_money as Money,
    merchantName: merchant.business_name,
    merchantId: merchant.id,
    email: textOf(link.pre_populated_data.buyer_email) ?? '',
  };
}

/**
 * The hosted payment page of each link (`GET /pay/{id}`), its card form posted back to it. Paying completes the
 * payment and the order, delivers the signed `payment.created` and `payment.updated` webhooks, and only then sends
 * the payer on; a link already paid shows that it is.
 */
export function payRoutes(ctx: Context): Route[] {
  const find = (id: string) => {
    const link = ctx.state.links.get(id);
    const order = link ? ctx.state.orders.get(link.order_id)?.json : undefined;
    return link && order ? { link, order } : null;
  };
  const missing: Reply = { html: errorPage('Link not found', 'This payment link does not exist.'), status: 404 };
  return [
    {
      method: 'GET',
      path: /^\/pay\/([^/]+)$/,
      handle(call) {
        const found = find(call.params[0]);
        if (!found) return missing;
        const shown = view(ctx, found.link, found.order);
        return { html: found.order.state === 'COMPLETED' ? paidPage(shown.name, shown.total) : payPage(shown) };
      },
    },
    {
      method: 'POST',
      path: /^\/pay\/([^/]+)$/,
      async handle(call) {
        const found = find(call.params[0]);
        if (!found) return missing;
        const { link, order } = found;
        if (order.state === 'COMPLETED') return done(ctx, link, order);
        const card = readCard(call.form);
        const typed = Object.fromEntries(['email', 'card', 'expiry', 'cvv'].map((k) => [k, call.form.get(k) ?? '']));
        if (typeof card === 'string') return { html: payPage(view(ctx, link, order), card, typed), status: 400 };
        pay(ctx, link, order, card, (call.form.get('email') ?? '').trim());
        await ctx.webhooks.flush();
        return done(ctx, link, order);
      },
    },
  ];
}
