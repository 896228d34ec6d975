import { payoutRuleOf, REFERRAL_DISCOUNT_MONTHS } from '../../../domain/affiliate-earnings';
import type { ReferAFriend } from '../../../domain/generated/refer-a-friend';
import { affiliateEarnings, affiliateSettingsOf } from '../../core/affiliate-earnings';
import type { Db } from '../../db/database';
import { referralLink, referredStages } from './code';

/** Which of a percent and a fixed amount applies: the percent when there is one, as the discount and commission do. */
export const kindOf = (percent: number, fixed: number) => (percent > 0 ? 'percent' : fixed > 0 ? 'fixed' : 'none');

/**
 * An owner's refer a friend (spec §2): the affiliate programme seen from an owner — their code and link (the same
 * code column and sign-up link as an affiliate's), what a friend who signs up through it gets (the referrer's
 * discount, as checkout gives it), what the owner earns on the friend's plan payments (the referrer's commission, by
 * the affiliates' earnings rules), how many friends joined and what the owner has earned, in the deployment's
 * currency.
 */
export async function referAFriendOf(
  db: Db,
  owner: { id: number; code: string | null },
  opts: { appUrl: string; currency: string },
): Promise<ReferAFriend> {
  const [settings, money, stages] = await Promise.all([
    affiliateSettingsOf(db, owner.id),
    affiliateEarnings(db, owner.id, opts.currency),
    referredStages(db, owner.id),
  ]);
  return {
    code: owner.code,
    url: referralLink(opts.appUrl, owner.code),
    friend_discount: kindOf(settings.percent_discount_amount, settings.fixed_discount_amount),
    percent_discount_amount: settings.percent_discount_amount,
    fixed_discount_amount: settings.fixed_discount_amount,
    discount_months: REFERRAL_DISCOUNT_MONTHS,
    commission: kindOf(settings.percent_amount, settings.fixed_amount),
    percent_amount: settings.percent_amount,
    fixed_amount: settings.fixed_amount,
    payout_rule: payoutRuleOf(opts.currency),
    friends: stages.length,
    subscribed: stages.filter((stage) => stage === 'subscriber' || stage === 'gracePeriod').length,
    earnings: money.earned,
    pending: money.pending,
    owed: money.owed,
    paid: money.paid,
    currency: money.currency,
  };
}
