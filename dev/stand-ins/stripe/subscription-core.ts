import { changes, copy, invalid } from './http';
import type { State } from './state';
import type { Invoice, Subscription } from './types';

/** The statuses after which a subscription bills nothing more. */
export const ENDED = new Set(['canceled', 'incomplete_expired']);

/** Sends `customer.subscription.updated` with what changed since `before` (a copy), when anything did. */
export function announceUpdate(state: State, sub: Subscription, before: Subscription, at: number): void {
  const previous = changes(before, sub);
  if (previous) state.events.emit('customer.subscription.updated', sub, { created: at, previous });
}

/** Ends a subscription now (`DELETE /v1/subscriptions/:id`): canceled, and `customer.subscription.deleted`. */
export function cancelNow(state: State, sub: Subscription, at: number): Subscription {
  if (ENDED.has(sub.status)) throw invalid('This subscription has already been canceled.');
  sub.status = 'canceled';
  sub.canceled_at = at;
  sub.ended_at = at;
  sub.cancellation_details.reason = 'cancellation_requested';
  state.events.emit('customer.subscription.deleted', sub, { created: at });
  return sub;
}

/**
 * After an invoice is paid by hand: a subscription that was waiting on it (incomplete, past due or unpaid) is
 * active again once none of its invoices is left open, and says so (`customer.subscription.updated`).
 */
export function afterInvoicePaid(state: State, invoice: Invoice, at: number): void {
  const sub = invoice.subscription ? state.subscriptions.get(invoice.subscription) : undefined;
  if (!sub || !['incomplete', 'past_due', 'unpaid'].includes(sub.status)) return;
  if ([...state.invoices.values()].some((i) => i.subscription === sub.id && i.status === 'open')) return;
  const before = copy(sub);
  sub.status = 'active';
  announceUpdate(state, sub, before, at);
}
