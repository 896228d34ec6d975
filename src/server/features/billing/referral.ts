import type { FastifyInstance } from 'fastify';
import { REFERRAL_DISCOUNT_MONTHS } from '../../../domain/affiliate-earnings';
import { affiliateSettingsOf } from '../../core/affiliate-earnings';
import type { BillingCoupon } from '../../infra/billing/provider';
import type { BillingAccount } from './account';

/**
 * The discount an owner who signed up through an affiliate's or another owner's link gets on their first subscription
 * (spec §2, §3): the referrer's percent, or else fixed amount, off each payment for a year. None once the owner has
 * paid for a plan before, nor when the referrer gives none. A promo code the owner types is used instead (one coupon a subscription).
 */
export async function referralCoupon(
  app: FastifyInstance,
  account: BillingAccount,
): Promise<BillingCoupon | undefined> {
  const { id } = account.user;
  const row = await app.db.selectFrom('users').select('referred_by').where('id', '=', id).executeTakeFirst();
  const affiliate = row?.referred_by;
  if (!affiliate) return undefined;
  const paidBefore = await app.db
    .selectFrom('subscription_payments')
    .select('id')
    .where('user_id', '=', id)
    .where('kind', '=', 'plan')
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (paidBefore) return undefined;
  const settings = await affiliateSettingsOf(app.db, affiliate);
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
      id: `soloist_referral_a${settings.fixed_discount_amount}_${account.currency}`,
      name,
      amountOff: { amount: settings.fixed_discount_amount, currency: account.currency },
      months: REFERRAL_DISCOUNT_MONTHS,
    };
  return undefined;
}
