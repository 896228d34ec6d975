import { dateText, periodEnd } from './calendar';
import { periodLine, subscriptionLine } from './invoices';
import type { State } from './state';
import type { InvoiceLine, Price, Subscription, SubscriptionItem } from './types';

/**
 * One item of a subscription in an update: as it was (`old`, null for an item the update adds) and as it will be
 * (`price`, null for an item the update deletes). `item` is the item itself, or the new one not yet on the
 * subscription; `param` is the `items[n]` that names it, null for an item the update leaves alone.
 */
export interface ItemPlan {
  item: SubscriptionItem;
  old: Price | null;
  price: Price | null;
  metadata?: unknown;
  param: string | null;
}

/** What an update bills: its lines, whether they are invoiced now, and the new period when the cycle resets. */
export interface Billing {
  lines: InvoiceLine[];
  invoiceNow: boolean;
  period?: { start: number; end: number };
}

const nameOf = (state: State, price: Price): string => state.products.get(price.product)?.name ?? price.product;

/** A price's cycle as one value ("month/1"), for telling whether two prices bill on the same cycle. */
export const cycleOf = (price: Price): string => `${price.recurring?.interval}/${price.recurring?.interval_count}`;

/** What is left of `item`'s period at `at`, and how long the period is (at least a second). */
function shareLeft(item: SubscriptionItem, at: number): { left: number; length: number } {
  const left = Math.max(0, item.current_period_end - at);
  const length = Math.max(1, item.current_period_end - item.current_period_start);
  return { left, length };
}

/**
 * The proration for `price` on `item` starting (`sign` 1: an item added) or ending (−1: an item removed, or the
 * old price of one moved to another cycle) at `at`: the price's share of what is left of the period, rounded, as a
 * line ("Remaining time on …" or "Unused time on …"). None during a trial, with `proration_behavior=none`, or when
 * nothing is left of the period.
 */
export function prorationLines(
  state: State,
  sub: Subscription,
  item: SubscriptionItem,
  price: Price,
  sign: 1 | -1,
  proration: string,
  at: number,
): InvoiceLine[] {
  if (sub.status === 'trialing' || proration === 'none') return [];
  const { left, length } = shareLeft(item, at);
  const amount = Math.round((price.unit_amount * left) / length);
  if (amount === 0) return [];
  const description = `${sign > 0 ? 'Remaining' : 'Unused'} time on ${nameOf(state, price)} after ${dateText(at)}`;
  const line = { price, description, amount: sign * amount, start: at, end: item.current_period_end };
  return [subscriptionLine(sub, item, { ...line, proration: true })];
}

/**
 * Stripe's proration for an item moved from `old` to `price` on the same cycle at `at`: the unused share of the
 * old price credited and the new price's share charged for the rest of the period, together
 * round((new − old) × remaining ÷ period). Nothing with `proration_behavior=none`.
 */
function swapLines(
  state: State,
  sub: Subscription,
  { item, old, price }: { item: SubscriptionItem; old: Price; price: Price },
  proration: string,
  at: number,
): InvoiceLine[] {
  if (proration === 'none') return [];
  const { left, length } = shareLeft(item, at);
  const unused = Math.round((old.unit_amount * left) / length);
  const total = Math.round(((price.unit_amount - old.unit_amount) * left) / length);
  const after = dateText(at);
  const line = (p: Price, description: string, amount: number) =>
    subscriptionLine(sub, item, {
      price: p,
      description,
      amount,
      start: at,
      end: item.current_period_end,
      proration: true,
    });
  return [
    line(old, `Unused time on ${nameOf(state, old)} after ${after}`, -unused),
    line(price, `Remaining time on ${nameOf(state, price)} after ${after}`, total + unused),
  ];
}

/**
 * What Stripe bills for an update of a subscription's items at `at`. During a trial nothing is billed. When the
 * items stay on the subscription's cycle, each item changed is prorated for the rest of the period (`swapLines`),
 * each added charged its share of it and each deleted credited its unused share: invoiced now with
 * `always_invoice`, kept for the next invoice with `create_prorations`, not at all with `none`; the period stays.
 * When the update moves the items to another cycle (monthly to yearly), the billing period resets now for the
 * whole subscription: one invoice at once with, for each item, the credit of its old price's unused time (none
 * with `proration_behavior=none`) and a full new period of its new price.
 */
export function billingFor(state: State, sub: Subscription, plans: ItemPlan[], proration: string, at: number): Billing {
  const changed = plans.filter((p) => p.old?.id !== p.price?.id);
  if (changed.length === 0 || sub.status === 'trialing') return { lines: [], invoiceNow: false };
  const before = sub.items.data[0].price;
  const after = plans.find((p) => p.price)!.price!;
  if (cycleOf(before) !== cycleOf(after)) {
    const end = periodEnd(at, after.recurring!.interval, after.recurring!.interval_count, at);
    const lines = plans.flatMap((p) => [
      ...(p.old ? prorationLines(state, sub, p.item, p.old, -1, proration, at) : []),
      ...(p.price ? [periodLine(state, sub, p.price, at, end, p.item)] : []),
    ]);
    return { lines, invoiceNow: true, period: { start: at, end } };
  }
  const lines = changed.flatMap(({ item, old, price }) =>
    !old
      ? prorationLines(state, sub, item, price!, 1, proration, at)
      : !price
        ? prorationLines(state, sub, item, old, -1, proration, at)
        : swapLines(state, sub, { item, old, price }, proration, at),
  );
  return { lines, invoiceNow: proration === 'always_invoice' && lines.length > 0 };
}
