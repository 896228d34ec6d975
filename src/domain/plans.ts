/**
 * The plans an owner subscribes to (spec §9): lite, business and premium, each monthly or annual. The level is the
 * plan name's first word, which the permission rules read (spec §6). Annual billing is ten months' price: two
 * months free. Prices are in minor units: in GBP they include VAT (the GB deployment), in UAH for the UA one.
 * Business includes 100 SMS credits a month and Premium 200; they expire at the next renewal (spec §9).
 */

export type PlanLevel = 'lite' | 'business' | 'premium';
export type BillingInterval = 'monthly' | 'annual';
export type BillingCurrency = 'gbp' | 'uah';

export interface Plan {
  /** `business-monthly`: what the subscription calls send as `plan_id`. */
  id: string;
  /** `Business Monthly`: kept on the user as `plan_name`. */
  name: string;
  level: PlanLevel;
  interval: BillingInterval;
  /** The price of one billing period, per currency, in minor units. */
  prices: Record<BillingCurrency, number>;
  /** SMS credits the plan grants each month, which expire at the next renewal. */
  smsCredits: number;
}

export const LEVELS: readonly PlanLevel[] = ['lite', 'business', 'premium'];

/** A month's price per level, VAT included for GB. */
const MONTHLY: Record<PlanLevel, Record<BillingCurrency, number>> = {
  lite: { gbp: 1200, uah: 29900 },
  business: { gbp: 2400, uah: 59900 },
  premium: { gbp: 3600, uah: 89900 },
};
const SMS_CREDITS: Record<PlanLevel, number> = { lite: 0, business: 100, premium: 200 };
/** An annual plan costs ten months: two months free (spec §9). */
export const ANNUAL_MONTHS = 10;

const title = (s: string) => s[0].toUpperCase() + s.slice(1);

export const PLANS: readonly Plan[] = LEVELS.flatMap((level) =>
  (['monthly', 'annual'] as const).map((interval) => ({
    id: `${level}-${interval}`,
    name: `${title(level)} ${title(interval)}`,
    level,
    interval,
    prices: {
      gbp: MONTHLY[level].gbp * (interval === 'annual' ? ANNUAL_MONTHS : 1),
      uah: MONTHLY[level].uah * (interval === 'annual' ? ANNUAL_MONTHS : 1),
    },
    smsCredits: SMS_CREDITS[level],
  })),
);

export const planById = (id: string): Plan | undefined => PLANS.find((p) => p.id === id);
export const planByName = (name: string | null): Plan | undefined => PLANS.find((p) => p.name === name);

/** The currency a region's owners are billed in: the UA deployment bills in hryvnia, every other in pounds. */
export const billingCurrency = (region: string): BillingCurrency => (region === 'UA' ? 'uah' : 'gbp');

/**
 * Whether moving from one plan to another is an upgrade, which takes effect at once (spec §4): a higher level, or
 * the same level billed annually instead of monthly. Anything else (a lower level, annual to monthly) waits for the
 * end of the billing period.
 */
export function isUpgrade(from: Plan, to: Plan): boolean {
  const rank = (p: Plan) => LEVELS.indexOf(p.level);
  if (rank(to) !== rank(from)) return rank(to) > rank(from);
  return from.interval === 'monthly' && to.interval === 'annual';
}

/**
 * Add-ons an owner adds to a plan (spec §4, §6): Tax gives the tax features without Premium, which includes them.
 * Billed with the plan, at the plan's interval (an annual plan's add-on costs ten months too).
 */
export interface Addon {
  /** `tax`: what the add-on calls send as `plan_id`, and what the permission rules read. */
  id: 'tax';
  name: string;
  /** A month's price per currency, in minor units (VAT included in GBP). */
  monthly: Record<BillingCurrency, number>;
  /** Levels that include it already, so it is not sold to them. */
  includedIn: readonly PlanLevel[];
}

export const ADDONS: readonly Addon[] = [
  { id: 'tax', name: 'Tax', monthly: { gbp: 500, uah: 12900 }, includedIn: ['premium'] },
];

export const addonById = (id: string): Addon | undefined => ADDONS.find((a) => a.id === id);

/** An add-on's price for one billing period of the plan it is added to. */
export const addonPrice = (addon: Addon, interval: BillingInterval, currency: BillingCurrency): number =>
  addon.monthly[currency] * (interval === 'annual' ? ANNUAL_MONTHS : 1);
