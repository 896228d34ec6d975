import { periodEnd } from './calendar';
import { chargedMethod, declines } from './cards';
import { nextDiscountEnd, pruneDiscounts } from './discounts';
import { copy, invalid } from './http';
import { draftInvoice, finalize, periodLine, settle, voidInvoice } from './invoices';
import type { State } from './state';
import { announceUpdate, ENDED } from './subscription-core';
import type { Subscription, TestClock } from './types';

/** How long an incomplete subscription waits for its first payment before it expires, as in Stripe. */
const INCOMPLETE_WINDOW = 23 * 3600;
/** Stripe tells a subscription's trial is ending this long before it ends. */
const TRIAL_NOTICE = 3 * 86_400;

/** The next thing that happens to a subscription by itself, and when. */
interface Due {
  at: number;
  kind: 'expire' | 'trial_will_end' | 'discount_end' | 'period_end';
}

/** The first thing due; at the same moment a discount ends before the period does, so the renewal is not discounted. */
function nextDue(state: State, sub: Subscription): Due | null {
  if (ENDED.has(sub.status)) return null;
  if (sub.status === 'incomplete') return { at: sub.created + INCOMPLETE_WINDOW, kind: 'expire' };
  if (sub.status === 'trialing' && sub.trial_end && !state.trialNoticeSent.has(sub.id)) {
    const notice = sub.trial_end - TRIAL_NOTICE;
    if (notice > (sub.trial_start ?? 0)) return { at: notice, kind: 'trial_will_end' };
  }
  const periodEnd = sub.items.data[0].current_period_end;
  const discountEnd = nextDiscountEnd(state, sub);
  if (discountEnd !== null && discountEnd <= periodEnd) return { at: discountEnd, kind: 'discount_end' };
  return { at: periodEnd, kind: 'period_end' };
}

/**
 * The end of a period (or of a trial). A subscription set to cancel at the period's end is canceled
 * (`customer.subscription.deleted`). One whose last invoice is still unpaid becomes `unpaid` and is not billed
 * again until that invoice is paid. Any other starts its next period and is billed for it, a line for each item
 * (with prorations waiting from earlier changes), less its discounts that still apply, on a `subscription_cycle`
 * invoice charged at once: paid, it is active; declined, it is past due with the invoice left open
 * (`invoice.payment_failed`).
 */
function renew(state: State, sub: Subscription, at: number): void {
  const before = copy(sub);
  const item = sub.items.data[0];
  if (sub.cancel_at_period_end) {
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at ??= at;
    state.events.emit('customer.subscription.deleted', sub, { created: at });
    return;
  }
  const recurring = item.price.recurring ?? { interval: 'month' as const, interval_count: 1 };
  const last = { start: item.current_period_start, end: item.current_period_end };
  const next = periodEnd(sub.billing_cycle_anchor, recurring.interval, recurring.interval_count, last.end);
  for (const each of sub.items.data) {
    each.current_period_start = last.end;
    each.current_period_end = next;
  }
  if (sub.status === 'past_due' || sub.status === 'unpaid') {
    sub.status = 'unpaid';
    announceUpdate(state, sub, before, at);
    return;
  }
  const lines = [
    ...sub.items.data.map((each) => periodLine(state, sub, each.price, last.end, next, each)),
    ...(state.pendingLines.get(sub.id) ?? []),
  ];
  state.pendingLines.delete(sub.id);
  const invoice = draftInvoice(state, sub, 'subscription_cycle', lines, last, at);
  const failed = declines(state, chargedMethod(state, sub), invoice.amount_due);
  sub.status = failed ? 'past_due' : 'active';
  sub.latest_invoice = invoice.id;
  announceUpdate(state, sub, before, at);
  finalize(state, invoice, at);
  settle(state, invoice, !failed, at);
}

function run(state: State, sub: Subscription, due: Due): void {
  if (due.kind === 'trial_will_end') {
    state.trialNoticeSent.add(sub.id);
    state.events.emit('customer.subscription.trial_will_end', sub, { created: due.at });
  } else if (due.kind === 'discount_end') {
    const before = copy(sub);
    pruneDiscounts(state, sub, due.at);
    announceUpdate(state, sub, before, due.at);
  } else if (due.kind === 'expire') {
    const before = copy(sub);
    sub.status = 'incomplete_expired';
    sub.ended_at = due.at;
    const invoice = sub.latest_invoice ? state.invoices.get(sub.latest_invoice) : undefined;
    if (invoice) voidInvoice(state, invoice, due.at);
    announceUpdate(state, sub, before, due.at);
  } else {
    renew(state, sub, due.at);
  }
}

/**
 * Moves a test clock on to `to` (`POST /v1/test_helpers/test_clocks/:id/advance`): everything that falls due for
 * the clock's customers' subscriptions on the way (a trial's notice and its end, renewals, cancellations at a
 * period's end, a discount's end, an incomplete subscription expiring) happens in time order, each at its own moment, with its
 * events dated then. Customers not on a clock live in real time and nothing happens to them by itself.
 */
export function advanceClock(state: State, clock: TestClock, to: number): TestClock {
  if (to <= clock.frozen_time)
    throw invalid('The frozen_time must be after the test clock’s current frozen time.', 'frozen_time');
  clock.status = 'advancing';
  for (let guard = 0; guard < 100_000; guard++) {
    let next: { sub: Subscription; due: Due } | null = null;
    for (const sub of state.subscriptions.values()) {
      if (state.customers.get(sub.customer)?.test_clock !== clock.id) continue;
      const due = nextDue(state, sub);
      if (due && due.at <= to && (!next || due.at < next.due.at)) next = { sub, due };
    }
    if (!next) break;
    clock.frozen_time = Math.max(clock.frozen_time, next.due.at);
    run(state, next.sub, next.due);
  }
  clock.frozen_time = to;
  clock.status = 'ready';
  return clock;
}
