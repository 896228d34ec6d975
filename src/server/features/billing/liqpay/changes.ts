import type { FastifyInstance } from 'fastify';
import { isUpgrade, planByName, type Plan } from '../../../../domain/plans';
import type { LiqpayCheckout } from '../../../infra/billing/liqpay';
import { DomainError } from '../../../infra/domain-error';
import type { SessionUser } from '../../../infra/sessions';
import { liveSubscriptionId } from '../account';
import { claimPromo, discounted } from '../promo';
import { applyLiqpayMessage } from './events';
import { liqpayAmount, MIN_AMOUNT } from './promo-price';
import { hryvnias, liqpayDate, newOrderId, periodicity } from './orders';

const client = (app: FastifyInstance) => {
  if (!app.liqpay) throw new DomainError(503, 'billing.unavailable');
  return app.liqpay;
};
const description = (plan: Plan) => `Soloist ${plan.name}`;

/** LiqPay's answer to a request, or a 502-free refusal in words when it refused. */
async function requested(app: FastifyInstance, params: Record<string, unknown>) {
  const answer = await client(app).request(params);
  if (answer.result !== 'ok') throw new DomainError(422, 'billing.liqpay.refused');
  return answer;
}

/**
 * The checkout that subscribes a UA owner through LiqPay (spec §7 `/liqpay/widget`: data and signature): the
 * `subscribe` action for the plan's price in hryvnias, monthly or yearly, its first payment when the trial ends (or
 * now, or when a cancelled subscription's paid period ends — resuming). The card is typed on LiqPay's page. The
 * order is remembered on the account until LiqPay's `subscribed` callback names it, so that the hourly check can
 * ask LiqPay about it if that callback is lost.
 */
export async function liqpaySubscribeCheckout(
  app: FastifyInstance,
  user: SessionUser,
  plan: Plan,
  opts: { appUrl: string; resume?: boolean; promoCode?: string },
  now = new Date(),
): Promise<LiqpayCheckout> {
  if (liveSubscriptionId(user) && !(opts.resume && user.ends_at))
    throw new DomainError(422, 'billing.alreadySubscribed');
  const trialEnd =
    user.subscription_status === 'trialing' && user.trial_ends_at && user.trial_ends_at > now.toISOString()
      ? user.trial_ends_at
      : null;
  const start = opts.resume && user.ends_at && user.ends_at > now.toISOString() ? user.ends_at : trialEnd;
  const orderId = newOrderId(user.id, plan);
  // A promo code is claimed for this order now (given back if the order is never paid, by the hourly check).
  const promo = opts.promoCode ? await claimPromo(app, { user, currency: 'uah' }, opts.promoCode, now) : null;
  // Without a code, the first payment's amount: the plan's price, less a referrer's discount.
  const amount = promo
    ? discounted(plan.prices.uah, promo.coupon)
    : await liqpayAmount(app, user.id, plan, new Date(start ?? now.toISOString()));
  // A promo code that would take more off than LiqPay's least payment is not for LiqPay.
  if (promo && amount < MIN_AMOUNT) {
    await promo.release();
    throw new DomainError(422, 'billing.promo.notWithLiqpay', {}, 'promo_code');
  }
  await promo?.confirm(orderId, now);
  const checkout = client(app).checkout({
    action: 'subscribe',
    amount: hryvnias(amount),
    currency: 'UAH',
    description: description(plan),
    order_id: orderId,
    subscribe: '1',
    subscribe_date_start: liqpayDate(start ?? now.toISOString()),
    subscribe_periodicity: periodicity(plan),
    language: user.locale === 'uk' ? 'uk' : 'en',
    server_url: `${opts.appUrl}/api/v1/liqpay`,
    result_url: `${opts.appUrl}/account-setup/subscription/details?liqpay=done`,
  });
  await app.db.updateTable('users').set({ liqpay_pending_order: orderId }).where('id', '=', user.id).execute();
  return checkout;
}

/**
 * Moves a LiqPay subscription to another plan (`subscribe_update`: what the next payments bill). LiqPay does not
 * prorate, so an upgrade gives the new plan's features at once and bills its price from the next payment; a
 * downgrade waits for the next payment, the current plan kept until then. Returns 'now' or the day it changes.
 */
export async function liqpaySwap(app: FastifyInstance, user: SessionUser, plan: Plan): Promise<'now' | string> {
  const order = liveSubscriptionId(user);
  const current = planByName(user.plan_name);
  if (!order || user.ends_at) throw new DomainError(422, 'billing.noSubscription');
  if (current?.id === plan.id && !user.pending_plan_name) throw new DomainError(422, 'billing.samePlan');
  // The owner's promo code keeps discounting the new plan while it runs.
  const next = user.current_period_end ? new Date(user.current_period_end) : new Date();
  await requested(app, {
    action: 'subscribe_update',
    order_id: order,
    amount: hryvnias(await liqpayAmount(app, user.id, plan, next)),
    currency: 'UAH',
    description: description(plan),
    subscribe_periodicity: periodicity(plan),
  });
  const now = !current || isUpgrade(current, plan) || user.subscription_status === 'trialing';
  await app.db
    .updateTable('users')
    .set(
      now
        ? { plan_name: plan.name, billing_interval: plan.interval, pending_plan_name: null }
        : { pending_plan_name: current.id === plan.id ? null : plan.name },
    )
    .where('id', '=', user.id)
    .execute();
  return now ? 'now' : (user.current_period_end ?? new Date().toISOString());
}

/**
 * Cancels (auto-renew off, spec §4): LiqPay unsubscribes the order; the plan runs to the end of the paid period, and a
 * downgrade that was waiting for the next payment is called off.
 */
export async function liqpayCancel(app: FastifyInstance, user: SessionUser): Promise<string> {
  const order = liveSubscriptionId(user);
  if (!order) throw new DomainError(422, 'billing.noSubscription');
  if (user.ends_at) throw new DomainError(422, 'billing.alreadyCancelled');
  const answer = await requested(app, { action: 'unsubscribe', order_id: order });
  await applyLiqpayMessage(app, { ...answer, order_id: order, action: 'unsubscribe', status: 'unsubscribed' });
  // A downgrade waiting for the next payment is called off: no payment comes for it to start with.
  if (user.pending_plan_name)
    await app.db.updateTable('users').set({ pending_plan_name: null }).where('id', '=', user.id).execute();
  return user.current_period_end ?? new Date().toISOString();
}
