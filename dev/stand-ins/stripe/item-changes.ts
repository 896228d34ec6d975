import { boolean, integer, invalid, listOf, mergeMetadata, missingParam, noSuch, text, type Form } from './http';
import { cycleOf, type ItemPlan } from './prorations';
import { find, newId, type State } from './state';
import type { Price, Subscription, SubscriptionItem } from './types';

/** A price for an item of a subscription: it must exist and be recurring. */
function recurringPrice(state: State, id: string, param: string): Price {
  const price = find(state.prices, id, 'price', param);
  if (!price.recurring) {
    throw invalid(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      param,
    );
  }
  return price;
}

/** A new item of `sub` for `price`, on the subscription's current period, not yet on the subscription. */
function newItem(sub: Subscription, price: Price, metadata: unknown, at: number): SubscriptionItem {
  const period = sub.items.data[0];
  return {
    id: newId('si'),
    object: 'subscription_item',
    subscription: sub.id,
    price,
    quantity: 1,
    current_period_start: period.current_period_start,
    current_period_end: period.current_period_end,
    discounts: [],
    metadata: mergeMetadata({}, metadata),
    created: at,
  };
}

/**
 * Stripe's checks of a subscription's items as an update leaves them: at least one, all in the subscription's
 * currency and on one cycle ("Currency and interval fields must match across all plans on this subscription"),
 * and no price twice. A mismatch is laid at the first `items[n]` whose price differs from another item's.
 */
function checkAfter(sub: Subscription, plans: ItemPlan[]): void {
  const kept = plans.filter((p) => p.price !== null);
  if (kept.length === 0) {
    throw invalid(
      'A subscription must have at least one active plan. To cancel a subscription, please use the cancel API endpoint on /v1/subscriptions.',
      'items',
    );
  }
  const mismatch = (field: string, odd: (p: ItemPlan) => boolean) => {
    const at = plans.find((p) => p.param && p.price && odd(p))?.param;
    return invalid(
      `Currency and interval fields must match across all plans on this subscription. Found mismatch in ${field} field.`,
      at ? `${at}[price]` : 'items',
    );
  };
  if (kept.some((p) => p.price!.currency !== sub.currency))
    throw mismatch('currency', (p) => p.price!.currency !== sub.currency);
  const cycles = new Set(kept.map((p) => cycleOf(p.price!)));
  if (cycles.size > 1)
    throw mismatch('interval', (p) => kept.some((other) => cycleOf(other.price!) !== cycleOf(p.price!)));
  const seen = new Set<string>();
  for (const p of kept) {
    if (seen.has(p.price!.id)) {
      throw invalid(
        `Cannot add multiple subscription items with the same plan: ${p.price!.id}`,
        p.param ? `${p.param}[price]` : 'items',
      );
    }
    seen.add(p.price!.id);
  }
}

/**
 * What `items` of `POST /v1/subscriptions/:id` asks, as Stripe reads it: each entry naming an item
 * (`items[n][id]`) gives it a new price (`items[n][price]`), metadata, or deletes it (`items[n][deleted]=true`);
 * an entry without an id adds an item for its price. Items not named are left as they are. One plan per item of
 * the subscription, in its order, then one per item added; checked as a whole (`checkAfter`) before anything
 * changes. Items bill a quantity of 1 here.
 */
export function itemPlans(state: State, sub: Subscription, value: unknown, at: number): ItemPlan[] {
  const named = new Map<string, ItemPlan>();
  const added: ItemPlan[] = [];
  listOf(value).forEach((entry, n) => {
    const asked = (typeof entry === 'object' && entry !== null ? entry : {}) as Form;
    const param = `items[${n}]`;
    if ((integer(asked.quantity, `${param}[quantity]`) ?? 1) !== 1)
      throw invalid('The local stand-in bills a quantity of 1 for each item.', `${param}[quantity]`);
    const deleted = boolean(asked.deleted, `${param}[deleted]`) ?? false;
    const priceId = text(asked.price) ?? text(asked.plan);
    const price = priceId ? recurringPrice(state, priceId, `${param}[price]`) : null;
    const id = text(asked.id);
    if (!id) {
      if (deleted) throw missingParam(`${param}[id]`);
      if (!price) throw missingParam(`${param}[price]`);
      added.push({ item: newItem(sub, price, asked.metadata, at), old: null, price, param });
      return;
    }
    const item = sub.items.data.find((i) => i.id === id);
    if (!item) throw noSuch('subscription item', id, `${param}[id]`);
    if (named.has(id)) throw invalid(`The subscription item ${id} is given more than once.`, `${param}[id]`);
    named.set(id, {
      item,
      old: item.price,
      price: deleted ? null : (price ?? item.price),
      metadata: asked.metadata,
      param,
    });
  });
  const plans = [
    ...sub.items.data.map((item) => named.get(item.id) ?? { item, old: item.price, price: item.price, param: null }),
    ...added,
  ];
  checkAfter(sub, plans);
  return plans;
}

/**
 * Makes the items what `plans` say: new prices and metadata on the items named, deleted ones taken off, added
 * ones put last. With a new `period` (the cycle reset) the subscription is anchored at its start and every item
 * bills on it.
 */
export function applyPlans(sub: Subscription, plans: ItemPlan[], period?: { start: number; end: number }): void {
  for (const p of plans) {
    if (p.price) p.item.price = p.price;
    if (p.old && p.param) p.item.metadata = mergeMetadata(p.item.metadata, p.metadata);
  }
  sub.items.data = plans.filter((p) => p.price !== null).map((p) => p.item);
  sub.items.total_count = sub.items.data.length;
  if (!period) return;
  sub.billing_cycle_anchor = period.start;
  for (const item of sub.items.data) {
    item.current_period_start = period.start;
    item.current_period_end = period.end;
  }
}
