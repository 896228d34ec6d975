import {
  earningsOf,
  NO_SETTINGS,
  payoutRuleOf,
  type AffiliateSettings,
  type Earnings,
} from '../../domain/affiliate-earnings';
import type { Db } from '../db/database';

/**
 * An affiliate's earnings from the money (spec §3, §9): the plan payments their referred owners made (and refunds, as
 * rows of their own) as the app keeps them in `subscription_payments`, in the deployment's currency, less what admins
 * paid out. Read by the affiliate's statistic and by the admin who pays them, so both see one figure.
 */

/** The affiliate's settings; an affiliate no admin has set up earns nothing and gives no discount. */
export async function affiliateSettingsOf(db: Db, affiliateId: number): Promise<AffiliateSettings> {
  const row = await db
    .selectFrom('affiliate_settings')
    .select(['fixed_amount', 'fixed_discount_amount', 'percent_amount', 'percent_discount_amount'])
    .where('user_id', '=', affiliateId)
    .executeTakeFirst();
  if (!row) return NO_SETTINGS;
  return {
    fixed_amount: Number(row.fixed_amount),
    fixed_discount_amount: Number(row.fixed_discount_amount),
    percent_amount: Number(row.percent_amount),
    percent_discount_amount: Number(row.percent_discount_amount),
  };
}

/** The plan payments (paid, and refunds) of the owners an affiliate referred, in `currency`, oldest first. */
export async function referredPayments(db: Db, affiliateId: number, currency: string) {
  const rows = await db
    .selectFrom('subscription_payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.amount', 'p.paid_at'])
    .where('u.referred_by', '=', affiliateId)
    .where('p.kind', '=', 'plan')
    .where('p.status', 'in', ['paid', 'refunded'])
    .where('p.currency', '=', currency.toLowerCase())
    .orderBy('p.paid_at')
    .execute();
  return rows.map((r) => ({ amount: Number(r.amount), paid_at: r.paid_at }));
}

/** What the affiliate has been paid out in `currency`, each payout in minor units. */
async function payoutsOf(db: Db, affiliateId: number, currency: string): Promise<number[]> {
  const rows = await db
    .selectFrom('affiliate_payouts')
    .select('amount')
    .where('affiliate_id', '=', affiliateId)
    .where('currency', '=', currency.toLowerCase())
    .execute();
  return rows.map((r) => Number(r.amount));
}

/** Earned, pending, owed and paid, at `now`, in `currency` (the deployment's). */
export async function affiliateEarnings(
  db: Db,
  affiliateId: number,
  currency: string,
  now = new Date(),
): Promise<Earnings & { currency: string }> {
  const [settings, payments, payouts] = await Promise.all([
    affiliateSettingsOf(db, affiliateId),
    referredPayments(db, affiliateId, currency),
    payoutsOf(db, affiliateId, currency),
  ]);
  return { ...earningsOf(payments, payouts, settings, payoutRuleOf(currency), now), currency };
}
