import type { FastifyInstance } from 'fastify';
import { REFERRAL_DISCOUNT_MONTHS, type AffiliateSettings } from '../../../domain/affiliate-earnings';
import { affiliateSettingsOf } from '../../core/affiliate-earnings';
import type { BillingCurrency } from '../../../domain/plans';
import type { BillingCoupon } from '../../infra/billing/provider';
import type { BillingAccount } from './account';

/**
 * The discount an owner who signed up through an affiliate's or another owner's link gets on their first subscription
 * (spec §2, §3): the referrer's percent, or else fixed amount, off each payment for a year. None once the owner has
 * paid for a plan before, nor when the referrer gives none. A promo code the owner types is used instead (one coupon a
 * subscription).
 */

/** What the referrer's settings take off a plan's price in `currency` (minor units), as a coupon; none if nothing. */
function couponOf(settings: AffiliateSettings, currency: BillingCurrency): BillingCoupon | undefined {
  const name = 'Referral discount';
  if (settings.percent_discount_amount > 0)
    return {
      id: `soloist_referral_p${settings.percent_discount_amount}`,
      name,
      percentOff: settings.percent_discount_amount,
      months: REFERRAL_DISCOUNT_MONTHS,
    };
  if (settings.fixed_discount_amount > 0)
    return {
      id: `soloist_referral_a${settings.fixed_discount_amount}_${currency}`,
      name,
      amountOff: { amount: settings.fixed_discount_amount, currency },
      months: REFERRAL_DISCOUNT_MONTHS,
    };
  return undefined;
}

/** Who referred the owner, if anyone, and when the owner first paid for a plan (null: never). */
async function referralOf(app: FastifyInstance, userId: number) {
  const row = await app.db.selectFrom('users').select('referred_by').where('id', '=', userId).executeTakeFirst();
  if (!row?.referred_by) return null;
  const first = await app.db
    .selectFrom('subscription_payments')
    .select('paid_at')
    .where('user_id', '=', userId)
    .where('kind', '=', 'plan')
    .where('status', '=', 'paid')
    .orderBy('paid_at')
    .executeTakeFirst();
  return { referrer: row.referred_by, firstPaidAt: first?.paid_at ?? null };
}

/** The coupon a provider with coupons (Stripe) applies to the owner's first subscription. */
export async function referralCoupon(
  app: FastifyInstance,
  account: BillingAccount,
): Promise<BillingCoupon | undefined> {
  const referral = await referralOf(app, account.user.id);
  if (!referral || referral.firstPaidAt) return undefined;
  return couponOf(await affiliateSettingsOf(app.db, referral.referrer), account.currency);
}

/**
 * The referral discount on a payment falling at `at`, for a provider without coupons (LiqPay), which bills an amount
 * set on the subscription: it runs for the discount's months from the owner's first plan payment (every payment of a
 * first subscription not yet paid), and not after.
 */
export async function referralDiscountAt(
  app: FastifyInstance,
  userId: number,
  currency: BillingCurrency,
  at: Date,
): Promise<BillingCoupon | undefined> {
  const referral = await referralOf(app, userId);
  if (!referral) return undefined;
  if (referral.firstPaidAt) {
    const end = new Date(referral.firstPaidAt);
    end.setUTCMonth(end.getUTCMonth() + REFERRAL_DISCOUNT_MONTHS);
    if (at >= end) return undefined;
  }
  return couponOf(await affiliateSettingsOf(app.db, referral.referrer), currency);
}
