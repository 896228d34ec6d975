import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billingAccount, liveSubscriptionId } from './account';
import { liqpayPlanBilling } from './liqpay/plan-billing';
import { isLiqpayOrder, usesLiqpay } from './liqpay/orders';
import type { PlanBilling } from './plan-billing';
import { stripePlanBilling } from './stripe-plan-billing';

/**
 * The caller's plan billing, refused unless they may manage a subscription (the same check for both services): LiqPay
 * for a UA owner when LiqPay is configured — unless they still hold a live subscription with the card provider,
 * which keeps being managed there — and the card provider for everyone else.
 */
export function planBillingFor(app: FastifyInstance, req: FastifyRequest, action: 'read' | 'update'): PlanBilling {
  const account = billingAccount(app, req, action);
  const live = liveSubscriptionId(account.user);
  return usesLiqpay(app, account.user) && !(live && !isLiqpayOrder(live))
    ? liqpayPlanBilling(app, account.user)
    : stripePlanBilling(app, account);
}
