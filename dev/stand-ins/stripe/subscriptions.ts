import { periodEnd } from './calendar';
import { chargedMethod, declines, ownCard } from './cards';
import {
  boolean,
  cardDeclined,
  integer,
  invalid,
  listOf,
  listPage,
  mergeMetadata,
  missingParam,
  text,
  type Form,
  type Route,
} from './http';
import { couponsAsked, dueAfter, redeem } from './discounts';
import { draftInvoice, finalize, periodLine, settle, subscriptionLine } from './invoices';
import { find, newId, nowFor, type State } from './state';
import { cancelNow } from './subscription-core';
import { paymentBehavior, prorationBehavior, updateSubscription } from './subscription-update';
import type { Subscription, SubscriptionItem, SubscriptionStatus } from './types';

/** A trial's end from `trial_end` (a time, or `now` for none) or `trial_period_days`; null for no trial. */
function trialEndOf(form: Form, at: number): number | null {
  if (form.trial_end === 'now') return null;
  const end = integer(form.trial_end, 'trial_end');
  if (end !== undefined) {
    if (end <= at) throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    return end;
  }
  const days = integer(form.trial_period_days, 'trial_period_days');
  if (days !== undefined && (days < 0 || days > 730))
    throw invalid('trial_period_days must be between 0 and 730.', 'trial_period_days');
  return days ? at + days * 86_400 : null;
}

/**
 * `POST /v1/subscriptions`: one price per subscription. With a trial nothing is charged now (its $0 invoice is
 * paid, as Stripe makes one) and the first period is the trial. Without one the first invoice is charged at once
 * to the subscription's or the customer's default card: declined under `error_if_incomplete` it is a 402 and
 * nothing is made; under the other behaviours the subscription is `incomplete` with its invoice open.
 * Coupons in `discounts` (`discounts[0][coupon]`) are checked first and redeemed once the subscription is made:
 * its invoices are discounted while they last (see `discounts.ts`), the first one included.
 */
function create(state: State, form: Form): Subscription {
  const customerId = text(form.customer);
  if (!customerId) throw missingParam('customer');
  const customer = find(state.customers, customerId, 'customer', 'customer');
  const items = listOf(form.items) as Form[];
  if (items.length === 0) throw missingParam('items');
  if (items.length > 1) throw invalid('The local stand-in bills one price per subscription.', 'items');
  const priceId = text(items[0].price);
  if (!priceId) throw missingParam('items[0][price]');
  const price = find(state.prices, priceId, 'price', 'items[0][price]');
  if (!price.recurring) {
    throw invalid(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      'items[0][price]',
    );
  }
  const method = text(form.default_payment_method);
  if (method) ownCard(state, customer.id, method, 'default_payment_method');
  const behavior = paymentBehavior(form.payment_behavior);
  prorationBehavior(form.proration_behavior);
  const cancelAtEnd = boolean(form.cancel_at_period_end, 'cancel_at_period_end') ?? false;
  const at = nowFor(state, customer.id);
  const coupons = couponsAsked(state, form.discounts, price.currency, at);
  const trialEnd = trialEndOf(form, at);
  const id = newId('sub');
  const end = trialEnd ?? periodEnd(at, price.recurring.interval, price.recurring.interval_count, at);
  const item: SubscriptionItem = {
    id: newId('si'),
    object: 'subscription_item',
    subscription: id,
    price,
    quantity: 1,
    current_period_start: at,
    current_period_end: end,
    discounts: [],
    metadata: {},
    created: at,
  };
  const sub: Subscription = {
    id,
    object: 'subscription',
    customer: customer.id,
    status: trialEnd ? 'trialing' : 'active',
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    currency: price.currency,
    collection_method: 'charge_automatically',
    billing_cycle_anchor: trialEnd ?? at,
    cancel_at_period_end: cancelAtEnd,
    cancel_at: cancelAtEnd ? end : null,
    canceled_at: cancelAtEnd ? at : null,
    ended_at: null,
    cancellation_details: { reason: cancelAtEnd ? 'cancellation_requested' : null, comment: null, feedback: null },
    trial_start: trialEnd ? at : null,
    trial_end: trialEnd,
    start_date: at,
    created: at,
    default_payment_method: method ?? null,
    latest_invoice: null,
    discounts: [],
    metadata: mergeMetadata({}, form.metadata),
    test_clock: customer.test_clock,
    livemode: false,
  };
  const productName = state.products.get(price.product)?.name ?? price.product;
  const line = trialEnd
    ? subscriptionLine(sub, item, {
        price,
        description: `Trial period for ${productName}`,
        amount: 0,
        start: at,
        end,
        proration: false,
      })
    : periodLine(state, sub, price, at, end);
  const due = dueAfter(
    [line],
    coupons.map((coupon) => ({ id: '', coupon })),
  );
  const failed = declines(state, chargedMethod(state, sub), due);
  if (failed && behavior === 'error_if_incomplete') throw cardDeclined();
  if (failed) sub.status = 'incomplete';
  state.subscriptions.set(id, sub);
  redeem(state, sub, coupons, at);
  const invoice = draftInvoice(state, sub, 'subscription_create', [line], { start: at, end: at }, at);
  sub.latest_invoice = invoice.id;
  state.events.emit('customer.subscription.created', sub, { created: at });
  finalize(state, invoice, at);
  settle(state, invoice, !failed, at);
  return sub;
}

const STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'];

/** `GET /v1/subscriptions`: newest first; without `status`, all but canceled ones, as Stripe lists them. */
function list(state: State, query: Form) {
  const status = text(query.status);
  if (status && !['all', 'ended', ...STATUSES].includes(status)) throw invalid(`Invalid status: ${status}`, 'status');
  const wanted = (s: SubscriptionStatus) =>
    status === 'all' ||
    (status === 'ended' ? s === 'canceled' || s === 'incomplete_expired' : status ? s === status : s !== 'canceled');
  const customer = text(query.customer);
  const price = text(query.price);
  const subs = [...state.subscriptions.values()]
    .filter((s) => (!customer || s.customer === customer) && wanted(s.status))
    .filter((s) => !price || s.items.data.some((item) => item.price.id === price))
    .reverse();
  return listPage(subs, query, '/v1/subscriptions');
}

export function subscriptionRoutes(state: State): Route[] {
  const one = (id: string) => find(state.subscriptions, id, 'subscription');
  return [
    { method: 'POST', path: /^\/v1\/subscriptions$/, handle: ({ form }) => ({ json: create(state, form) }) },
    { method: 'GET', path: /^\/v1\/subscriptions$/, handle: ({ query }) => ({ json: list(state, query) }) },
    { method: 'GET', path: /^\/v1\/subscriptions\/(\w+)$/, handle: ({ params }) => ({ json: one(params[0]) }) },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions\/(\w+)$/,
      handle: ({ params, form }) => ({ json: updateSubscription(state, one(params[0]), form) }),
    },
    {
      method: 'DELETE',
      path: /^\/v1\/subscriptions\/(\w+)$/,
      handle: ({ params }) => {
        const sub = one(params[0]);
        return { json: cancelNow(state, sub, nowFor(state, sub.customer)) };
      },
    },
  ];
}
