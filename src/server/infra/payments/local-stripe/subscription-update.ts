import { dateText, periodEnd } from './calendar';
import { chargedMethod, declines, ownCard } from './cards';
import { boolean, cardDeclined, copy, invalid, listOf, mergeMetadata, text, type Form } from './http';
import { draftInvoice, finalize, periodLine, settle, subscriptionLine } from './invoices';
import { find, nowFor, type State } from './state';
import { announceUpdate, ENDED } from './subscription-core';
import type { InvoiceLine, Price, Subscription } from './types';

type PaymentBehavior = 'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';
type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none';

/** `payment_behavior`, checked; Stripe's default is `allow_incomplete`. */
export function paymentBehavior(value: unknown): PaymentBehavior {
  const all = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'];
  const v = text(value) ?? 'allow_incomplete';
  if (!all.includes(v)) throw invalid(`Invalid payment_behavior: must be one of ${all.join(', ')}`, 'payment_behavior');
  return v as PaymentBehavior;
}

/** `proration_behavior`, checked; Stripe's default is `create_prorations`. */
export function prorationBehavior(value: unknown): ProrationBehavior {
  const all = ['always_invoice', 'create_prorations', 'none'];
  const v = text(value) ?? 'create_prorations';
  if (!all.includes(v))
    throw invalid(`Invalid proration_behavior: must be one of ${all.join(', ')}`, 'proration_behavior');
  return v as ProrationBehavior;
}

/** The new price asked for in `items[0]`, which must name the subscription's one item; undefined for none. */
function newPrice(state: State, sub: Subscription, items: unknown): Price | undefined {
  const list = listOf(items) as Form[];
  if (list.length === 0) return undefined;
  const item = sub.items.data[0];
  if (list.length > 1 || text(list[0].id) !== item.id) {
    throw invalid(
      `The local stand-in changes a subscription's one item: pass items[0][id]=${item.id} with the new price.`,
      'items',
    );
  }
  const id = text(list[0].price);
  if (!id) return undefined;
  const price = find(state.prices, id, 'price', 'items[0][price]');
  if (!price.recurring) throw invalid('The price specified is set to `type=one_time`.', 'items[0][price]');
  if (price.currency !== sub.currency)
    throw invalid(`The price's currency (${price.currency}) differs from the subscription's (${sub.currency}).`);
  return price;
}

/** What a price change bills: its lines, whether they are invoiced now, and a new period when the cycle resets. */
interface Plan {
  lines: InvoiceLine[];
  invoiceNow: boolean;
  period?: { start: number; end: number };
}

/**
 * Stripe's proration for a price change at `at`. During a trial nothing is billed. Within the same cycle the
 * unused share of the old price is credited and the new price's share charged for the rest of the current period
 * (together round((new − old) × remaining ÷ period)): invoiced now with `always_invoice`, kept for the next
 * invoice with `create_prorations`, not at all with `none`; the period stays. A different cycle (monthly to
 * yearly) starts a new period now, invoiced at once in full less the old price's unused share.
 */
function plan(state: State, sub: Subscription, price: Price, proration: ProrationBehavior, at: number): Plan {
  const item = sub.items.data[0];
  const old = item.price;
  if (price.id === old.id || sub.status === 'trialing') return { lines: [], invoiceNow: false };
  const left = Math.max(0, item.current_period_end - at);
  const length = Math.max(1, item.current_period_end - item.current_period_start);
  const unused = proration === 'none' ? 0 : Math.round((old.unit_amount * left) / length);
  const name = (p: Price) => state.products.get(p.product)?.name ?? p.product;
  const after = dateText(at);
  const credit = (end: number) =>
    subscriptionLine(sub, item, {
      price: old,
      description: `Unused time on ${name(old)} after ${after}`,
      amount: -unused,
      start: at,
      end,
      proration: true,
    });
  const sameCycle =
    old.recurring?.interval === price.recurring?.interval &&
    old.recurring?.interval_count === price.recurring?.interval_count;
  if (!sameCycle) {
    const end = periodEnd(at, price.recurring!.interval, price.recurring!.interval_count, at);
    const lines = [...(unused ? [credit(item.current_period_end)] : []), periodLine(state, sub, price, at, end)];
    return { lines, invoiceNow: true, period: { start: at, end } };
  }
  if (proration === 'none') return { lines: [], invoiceNow: false };
  const total = Math.round(((price.unit_amount - old.unit_amount) * left) / length);
  const charge = subscriptionLine(sub, item, {
    price,
    description: `Remaining time on ${name(price)} after ${after}`,
    amount: total + unused,
    start: at,
    end: item.current_period_end,
    proration: true,
  });
  return { lines: [credit(item.current_period_end), charge], invoiceNow: proration === 'always_invoice' };
}

/**
 * `POST /v1/subscriptions/:id`: a new price (`items[0][id]` and `items[0][price]`, prorated as `plan` says),
 * `cancel_at_period_end` on or off, `default_payment_method`, and metadata merged. A proration invoice due now is
 * charged at once; declined under `error_if_incomplete` (or `pending_if_incomplete`) it is a 402 and nothing
 * changes, otherwise the change stands and the subscription is past due with the invoice open. A canceled
 * subscription takes metadata only.
 */
export function updateSubscription(state: State, sub: Subscription, form: Form): Subscription {
  const at = nowFor(state, sub.customer);
  const asked = Object.keys(form).filter((key) => !['metadata', 'expand', 'cancellation_details'].includes(key));
  if (ENDED.has(sub.status) && asked.length)
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  const behavior = paymentBehavior(form.payment_behavior);
  const proration = prorationBehavior(form.proration_behavior);
  const cancelAtEnd = boolean(form.cancel_at_period_end, 'cancel_at_period_end');
  const method =
    form.default_payment_method === ''
      ? null
      : form.default_payment_method === undefined
        ? undefined
        : ownCard(state, sub.customer, String(form.default_payment_method), 'default_payment_method');
  const price = newPrice(state, sub, form.items);
  const billing = price ? plan(state, sub, price, proration, at) : { lines: [], invoiceNow: false };
  const amount = billing.lines.reduce((sum, line) => sum + line.amount, 0);
  const charged = chargedMethod(state, method === undefined ? sub : { ...sub, default_payment_method: method });
  const failed = billing.invoiceNow && declines(state, charged, amount);
  if (failed && (behavior === 'error_if_incomplete' || behavior === 'pending_if_incomplete')) throw cardDeclined();

  const before = copy(sub);
  const item = sub.items.data[0];
  if (method !== undefined) sub.default_payment_method = method;
  if (price) item.price = price;
  if (billing.period) {
    sub.billing_cycle_anchor = at;
    item.current_period_start = billing.period.start;
    item.current_period_end = billing.period.end;
  }
  if (!billing.invoiceNow && billing.lines.length)
    state.pendingLines.set(sub.id, [...(state.pendingLines.get(sub.id) ?? []), ...billing.lines]);
  if (cancelAtEnd !== undefined) {
    sub.cancel_at_period_end = cancelAtEnd;
    sub.cancel_at = cancelAtEnd ? item.current_period_end : null;
    sub.canceled_at = cancelAtEnd ? at : null;
    sub.cancellation_details.reason = cancelAtEnd ? 'cancellation_requested' : null;
  } else if (sub.cancel_at_period_end) {
    sub.cancel_at = item.current_period_end;
  }
  sub.metadata = mergeMetadata(sub.metadata, form.metadata);
  const invoice = billing.invoiceNow
    ? draftInvoice(state, sub, 'subscription_update', billing.lines, { start: at, end: at }, at)
    : null;
  if (invoice) {
    sub.latest_invoice = invoice.id;
    if (failed) sub.status = 'past_due';
  }
  announceUpdate(state, sub, before, at);
  if (invoice) {
    finalize(state, invoice, at);
    settle(state, invoice, !failed, at);
  }
  return sub;
}
