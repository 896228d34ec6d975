import { chargedMethod, declines } from './cards';
import { appliedTo, dueAfter } from './discounts';
import {
  cardDeclined,
  copy,
  integer,
  invalid,
  listPage,
  mergeMetadata,
  missingParam,
  noSuch,
  text,
  type Form,
  type Route,
} from './http';
import { draftInvoice, finalize, settle } from './invoices';
import { prorationLines } from './prorations';
import { find, newId, nowFor, type State } from './state';
import { announceUpdate, ENDED } from './subscription-core';
import { paymentBehavior, prorationBehavior } from './subscription-update';
import type { InvoiceLine, Price, Subscription, SubscriptionItem } from './types';

/** An item and the subscription it is on, by the item's id; Stripe's 404 when no subscription has it. */
function findItem(state: State, id: string): { sub: Subscription; item: SubscriptionItem } {
  for (const sub of state.subscriptions.values()) {
    const item = sub.items.data.find((i) => i.id === id);
    if (item) return { sub, item };
  }
  throw noSuch('subscription item', id);
}

/** The price for a new item: recurring, in the subscription's currency, on its cycle, and not on it already. */
function addedPrice(state: State, sub: Subscription, form: Form): Price {
  const id = text(form.price) ?? text(form.plan);
  if (!id) throw missingParam('price');
  const price = find(state.prices, id, 'price', 'price');
  if (!price.recurring) {
    throw invalid(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      'price',
    );
  }
  const other = sub.items.data[0].price;
  const mismatch =
    price.currency !== sub.currency
      ? 'currency'
      : price.recurring.interval !== other.recurring?.interval ||
          price.recurring.interval_count !== other.recurring.interval_count
        ? 'interval'
        : null;
  if (mismatch) {
    throw invalid(
      `Currency and interval fields must match across all plans on this subscription. Found mismatch in ${mismatch} field.`,
      'price',
    );
  }
  if (sub.items.data.some((item) => item.price.id === price.id))
    throw invalid(`Cannot add multiple subscription items with the same plan: ${price.id}`, 'price');
  return price;
}

/**
 * Bills a change of items as `proration_behavior` says: with `always_invoice` on a `subscription_update` invoice
 * charged at once (the caller has checked the charge), with `create_prorations` on the next invoice; the
 * subscription tells of the change (`customer.subscription.updated`) before the invoice's events.
 */
function bill(state: State, sub: Subscription, before: Subscription, lines: InvoiceLine[], invoiceNow: boolean) {
  const at = nowFor(state, sub.customer);
  if (!invoiceNow && lines.length)
    state.pendingLines.set(sub.id, [...(state.pendingLines.get(sub.id) ?? []), ...lines]);
  const invoice = invoiceNow
    ? draftInvoice(state, sub, 'subscription_update', lines, { start: at, end: at }, at)
    : null;
  const failed = invoice !== null && declines(state, chargedMethod(state, sub), invoice.amount_due);
  if (invoice) {
    sub.latest_invoice = invoice.id;
    if (failed) sub.status = 'past_due';
  }
  announceUpdate(state, sub, before, at);
  if (invoice) {
    finalize(state, invoice, at);
    settle(state, invoice, !failed, at);
  }
}

/**
 * `POST /v1/subscription_items`: adds a price to a subscription as a new item on the same period (quantity 1),
 * prorated for what is left of it as `proration_behavior` says (`create_prorations` unless given), less the
 * subscription's discounts. Invoiced at once (`always_invoice`) and declined, under `error_if_incomplete` or
 * `pending_if_incomplete` it is a 402 and nothing is added; otherwise the item is added and the subscription is
 * past due with the invoice open.
 */
function addItem(state: State, form: Form): SubscriptionItem {
  const subId = text(form.subscription);
  if (!subId) throw missingParam('subscription');
  const sub = find(state.subscriptions, subId, 'subscription', 'subscription');
  if (ENDED.has(sub.status)) throw invalid('You cannot update a subscription that is canceled or incomplete_expired.');
  const price = addedPrice(state, sub, form);
  if ((integer(form.quantity, 'quantity') ?? 1) !== 1)
    throw invalid('The local stand-in bills a quantity of 1 for each item.', 'quantity');
  const behavior = paymentBehavior(form.payment_behavior);
  const proration = prorationBehavior(form.proration_behavior);
  const at = nowFor(state, sub.customer);
  const period = sub.items.data[0];
  const item: SubscriptionItem = {
    id: newId('si'),
    object: 'subscription_item',
    subscription: sub.id,
    price,
    quantity: 1,
    current_period_start: period.current_period_start,
    current_period_end: period.current_period_end,
    discounts: [],
    metadata: mergeMetadata({}, form.metadata),
    created: at,
  };
  const lines = prorationLines(state, sub, item, price, 1, proration, at);
  const invoiceNow = proration === 'always_invoice' && lines.length > 0;
  const due = invoiceNow ? dueAfter(lines, appliedTo(state, sub, at)) : 0;
  const failed = declines(state, chargedMethod(state, sub), due);
  if (failed && (behavior === 'error_if_incomplete' || behavior === 'pending_if_incomplete')) throw cardDeclined();
  const before = copy(sub);
  sub.items.data.push(item);
  sub.items.total_count = sub.items.data.length;
  bill(state, sub, before, lines, invoiceNow);
  return item;
}

/**
 * `DELETE /v1/subscription_items/:id`: takes an item off its subscription, crediting the unused part of the period
 * as `proration_behavior` says (`none`: no credit). A subscription keeps at least one item: ending it is
 * cancelling it.
 */
function removeItem(state: State, id: string, params: Form) {
  const { sub, item } = findItem(state, id);
  if (ENDED.has(sub.status)) throw invalid('You cannot update a subscription that is canceled or incomplete_expired.');
  if (sub.items.data.length === 1) {
    throw invalid(
      'A subscription must have at least one active plan. To cancel a subscription, please use the cancel API endpoint on /v1/subscriptions.',
    );
  }
  paymentBehavior(params.payment_behavior);
  const proration = prorationBehavior(params.proration_behavior);
  const lines = prorationLines(state, sub, item, item.price, -1, proration, nowFor(state, sub.customer));
  const before = copy(sub);
  sub.items.data = sub.items.data.filter((i) => i !== item);
  sub.items.total_count = sub.items.data.length;
  bill(state, sub, before, lines, proration === 'always_invoice' && lines.length > 0);
  return { id: item.id, object: 'subscription_item' as const, deleted: true as const };
}

export function subscriptionItemRoutes(state: State): Route[] {
  return [
    { method: 'POST', path: /^\/v1\/subscription_items$/, handle: ({ form }) => ({ json: addItem(state, form) }) },
    {
      method: 'GET',
      path: /^\/v1\/subscription_items$/,
      handle: ({ query }) => {
        const id = text(query.subscription);
        if (!id) throw missingParam('subscription');
        const sub = find(state.subscriptions, id, 'subscription', 'subscription');
        return { json: listPage(sub.items.data, query, '/v1/subscription_items') };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscription_items\/(\w+)$/,
      handle: ({ params }) => ({ json: findItem(state, params[0]).item }),
    },
    {
      method: 'DELETE',
      path: /^\/v1\/subscription_items\/(\w+)$/,
      handle: ({ params, query, form }) => ({ json: removeItem(state, params[0], { ...query, ...form }) }),
    },
  ];
}
