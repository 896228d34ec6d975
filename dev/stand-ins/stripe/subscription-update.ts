import { chargedMethod, declines, ownCard } from './cards';
import { boolean, cardDeclined, copy, invalid, mergeMetadata, text, type Form } from './http';
import { appliedTo, dueAfter } from './discounts';
import { draftInvoice, finalize, settle } from './invoices';
import { applyPlans, itemPlans } from './item-changes';
import { billingFor } from './prorations';
import { nowFor, type State } from './state';
import { announceUpdate, ENDED } from './subscription-core';
import type { Subscription } from './types';

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

/**
 * `POST /v1/subscriptions/:id`: the items changed as `items` says (new prices on the items named, items added or
 * deleted; see `itemPlans`), billed as `billingFor` says (prorated on the same cycle, or a new period for the
 * whole subscription now when the items move to another cycle; the subscription's discounts are taken off what is
 * invoiced), `cancel_at_period_end` on or off, `default_payment_method`, and metadata merged. An invoice due now is
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
  const plans = itemPlans(state, sub, form.items, at);
  const billing = billingFor(state, sub, plans, proration, at);
  const amount = billing.invoiceNow ? dueAfter(billing.lines, appliedTo(state, sub, at)) : 0;
  const charged = chargedMethod(state, method === undefined ? sub : { ...sub, default_payment_method: method });
  const failed = billing.invoiceNow && declines(state, charged, amount);
  if (failed && (behavior === 'error_if_incomplete' || behavior === 'pending_if_incomplete')) throw cardDeclined();

  const before = copy(sub);
  if (method !== undefined) sub.default_payment_method = method;
  applyPlans(sub, plans, billing.period);
  const periodEnd = sub.items.data[0].current_period_end;
  if (!billing.invoiceNow && billing.lines.length)
    state.pendingLines.set(sub.id, [...(state.pendingLines.get(sub.id) ?? []), ...billing.lines]);
  if (cancelAtEnd !== undefined) {
    sub.cancel_at_period_end = cancelAtEnd;
    sub.cancel_at = cancelAtEnd ? periodEnd : null;
    sub.canceled_at = cancelAtEnd ? at : null;
    sub.cancellation_details.reason = cancelAtEnd ? 'cancellation_requested' : null;
  } else if (sub.cancel_at_period_end) {
    sub.cancel_at = periodEnd;
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
