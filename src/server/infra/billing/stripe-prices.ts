import type Stripe from 'stripe';
import {
  ADDONS,
  addonPrice,
  PLANS,
  type Addon,
  type BillingCurrency,
  type BillingInterval,
  type Plan,
} from '../../../domain/plans';

/** A plan price's lookup key: the plan and the currency, so the app finds its prices in any Stripe account. */
export const lookupKey = (plan: Plan, currency: BillingCurrency) => `soloist_${plan.id}_${currency}`;
/** An add-on price's lookup key: the add-on, the interval of the plans it goes with, the currency. */
export const addonKey = (addon: Addon, interval: BillingInterval, currency: BillingCurrency) =>
  `soloist_addon-${addon.id}-${interval}_${currency}`;

export const planOfKey = (key: string | null | undefined) =>
  PLANS.find((p) => key?.startsWith(`soloist_${p.id}_`))?.id ?? null;
export const addonOfKey = (key: string | null | undefined) =>
  ADDONS.find((a) => key?.startsWith(`soloist_addon-${a.id}-`))?.id ?? null;

/**
 * The Stripe prices of the plans and add-ons, found by lookup key and created when missing (VAT included), each
 * looked up once per process.
 */
export function stripePrices(stripe: Stripe) {
  const known = new Map<string, string>();
  async function find(
    key: string,
    make: {
      name: string;
      amount: number;
      interval: BillingInterval;
      currency: BillingCurrency;
      meta: Record<string, string>;
    },
  ): Promise<string> {
    const cached = known.get(key);
    if (cached) return cached;
    const found = (await stripe.prices.list({ lookup_keys: [key], limit: 1 })).data[0];
    const price =
      found ??
      (await stripe.prices.create({
        product: (await stripe.products.create({ name: make.name, metadata: make.meta })).id,
        currency: make.currency,
        unit_amount: make.amount,
        recurring: { interval: make.interval === 'annual' ? 'year' : 'month' },
        lookup_key: key,
        tax_behavior: 'inclusive',
        metadata: make.meta,
      }));
    known.set(key, price.id);
    return price.id;
  }
  const keys = new Map<string, string | null>();
  return {
    /** The lookup key of a price (an invoice line names its price by id): ours tell the plan or add-on billed. */
    async keyOf(priceId: string): Promise<string | null> {
      for (const [key, id] of known) if (id === priceId) return key;
      if (!keys.has(priceId)) keys.set(priceId, (await stripe.prices.retrieve(priceId)).lookup_key ?? null);
      return keys.get(priceId) ?? null;
    },
    plan: (plan: Plan, currency: BillingCurrency) =>
      find(lookupKey(plan, currency), {
        name: plan.name,
        amount: plan.prices[currency],
        interval: plan.interval,
        currency,
        meta: { plan_id: plan.id },
      }),
    addon: (addon: Addon, interval: BillingInterval, currency: BillingCurrency) =>
      find(addonKey(addon, interval, currency), {
        name: `${addon.name} add-on`,
        amount: addonPrice(addon, interval, currency),
        interval,
        currency,
        meta: { addon_id: addon.id },
      }),
  };
}
