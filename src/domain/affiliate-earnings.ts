/**
 * What an affiliate earns (spec §3, §9): each payment a referred owner makes for their plan earns the affiliate's
 * commission — a percent of it when the affiliate has one, else a fixed amount per payment — and a refund (a row of
 * its own, with a negative amount) takes its share back. A commission may be paid out once it is due: in the English
 * deployment 60 days after the payment (paid monthly in arrears), in the Ukrainian one from the 1st of the month after
 * it (paid from the 1st to the 15th). Money is in minor units of one currency throughout.
 */

/** An affiliate's settings (spec §3): what they earn, and the discount the owners they refer get on their plan. */
export interface AffiliateSettings {
  /** Minor units per payment. */
  fixed_amount: number;
  /** Percent of each payment, 0–100. */
  percent_amount: number;
  fixed_discount_amount: number;
  percent_discount_amount: number;
}

/** How long a referred owner's discount lasts: their first year's plan payments. */
export const REFERRAL_DISCOUNT_MONTHS = 12;

export const NO_SETTINGS: AffiliateSettings = {
  fixed_amount: 0,
  percent_amount: 0,
  fixed_discount_amount: 0,
  percent_discount_amount: 0,
};

/** A referred owner's payment for their plan (negative: a refund), and when it was made (ISO). */
export interface ReferredPayment {
  amount: number;
  paid_at: string;
}

/** Which deployment's payout rule applies: the English one (GBP) or the Ukrainian one (UAH). */
export type PayoutRule = 'gb' | 'ua';

export const payoutRuleOf = (currency: string): PayoutRule => (currency.toLowerCase() === 'uah' ? 'ua' : 'gb');

export interface Earnings {
  /** Every commission earned, due or not. */
  earned: number;
  /** Earned, not due yet. */
  pending: number;
  /** Due and not paid out yet. */
  owed: number;
  /** Paid out to the affiliate so far. */
  paid: number;
}

/** The commission one payment earns; a refund's is negative, rounded as its payment's was (half away from zero). */
export function commissionOf(amount: number, settings: AffiliateSettings): number {
  if (amount === 0) return 0;
  const share = settings.percent_amount > 0 ? Math.round((Math.abs(amount) * settings.percent_amount) / 100) : 0;
  return Math.sign(amount) * (settings.percent_amount > 0 ? share : settings.fixed_amount);
}

const DAY = 86_400_000;

/** When a payment's commission becomes due (ISO). */
export function dueFrom(paidAt: string, rule: PayoutRule): string {
  const paid = new Date(paidAt);
  if (rule === 'gb') return new Date(paid.getTime() + 60 * DAY).toISOString();
  return new Date(Date.UTC(paid.getUTCFullYear(), paid.getUTCMonth() + 1, 1)).toISOString();
}

/** The affiliate's earnings at `now`: earned, pending, owed (due less paid out, never below 0) and paid. */
export function earningsOf(
  payments: ReferredPayment[],
  payouts: number[],
  settings: AffiliateSettings,
  rule: PayoutRule,
  now: Date,
): Earnings {
  let earned = 0;
  let due = 0;
  for (const p of payments) {
    const commission = commissionOf(p.amount, settings);
    earned += commission;
    if (new Date(dueFrom(p.paid_at, rule)) <= now) due += commission;
  }
  const paid = payouts.reduce((sum, amount) => sum + amount, 0);
  return { earned, pending: earned - due, owed: Math.max(0, due - paid), paid };
}
