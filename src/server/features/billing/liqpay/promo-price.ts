import type { FastifyInstance } from 'fastify';
import type { Plan } from '../../../../domain/plans';
import { activePromo, discounted } from '../promo';
import { referralDiscountAt } from '../referral';

/** LiqPay takes no payment below 1 hryvnia. */
export const MIN_AMOUNT = 100;

/**
 * What LiqPay should bill for a plan at a payment falling at `at`: the plan's price in kopiyky, less the owner's promo
 * code while its discount still runs then, or else their referrer's discount while it runs (never below LiqPay's
 * least payment). LiqPay has no coupons: the discount is the subscription's amount, set at the checkout and on each
 * plan change, and put back to the full price after the last discounted payment.
 */
export async function liqpayAmount(app: FastifyInstance, userId: number, plan: Plan, at: Date): Promise<number> {
  const promo = await activePromo(app, userId, at);
  if (promo)
    return discounted(
      plan.prices.uah,
      promo.kind === 'fixed' ? { amountOff: { amount: promo.value } } : { percentOff: promo.value },
    );
  const referral = await referralDiscountAt(app, userId, 'uah', at);
  return referral ? Math.max(MIN_AMOUNT, discounted(plan.prices.uah, referral)) : plan.prices.uah;
}
