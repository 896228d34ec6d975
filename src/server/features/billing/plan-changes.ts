import type { FastifyInstance } from 'fastify';
import { isUpgrade, planByName, type Plan } from '../../../domain/plans';
import { CardDeclinedError, type BillingSubscription } from '../../infra/billing/provider';
import { DomainError } from '../../infra/domain-error';
import { customerOf, defaultCard, liveSubscriptionId, type BillingAccount } from './account';
import { claimPromo } from './promo';
import { referralCoupon } from './referral';
import { syncSubscription } from './sync';

/** A provider call that may decline the card: the decline is the spec's 'Incorrect card details', nothing saved. */
export async function charging(call: () => Promise<BillingSubscription>): Promise<BillingSubscription> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof CardDeclinedError) throw new DomainError(422, 'billing.cardDeclined', {}, 'card');
    throw err;
  }
}

/**
 * Subscribes (or, after a subscription ended, buys again) to a plan, paid with the default card. An owner still on
 * the free trial keeps it: the plan starts, and is first charged, when the trial ends (spec §1). A promo code
 * discounts it for the code's months (its use given back if the subscription fails); without one, an owner an affiliate
 * brought gets the affiliate's discount (`referralCoupon`).
 */
export async function subscribe(
  app: FastifyInstance,
  account: BillingAccount,
  plan: Plan,
  promoCode?: string,
  now = new Date(),
) {
  if (liveSubscriptionId(account.user)) throw new DomainError(422, 'billing.alreadySubscribed');
  const customer = await customerOf(app, account);
  const { card } = await defaultCard(account, customer);
  if (!card) throw new DomainError(422, 'billing.noCard', {}, 'card');
  const { user } = account;
  const trialEnd =
    user.subscription_status === 'trialing' && user.trial_ends_at && Date.parse(user.trial_ends_at) > now.getTime()
      ? user.trial_ends_at
      : undefined;
  const promo = promoCode ? await claimPromo(app, account, promoCode, now) : null;
  // Without a promo code, an owner an affiliate brought gets the affiliate's discount on their first subscription.
  const coupon = promo?.coupon ?? (await referralCoupon(app, account));
  let sub: BillingSubscription;
  try {
    sub = await charging(() =>
      account.provider.subscribe(customer, plan, account.currency, {
        trialEnd,
        accountId: user.id,
        coupon,
      }),
    );
  } catch (err) {
    await promo?.release();
    throw err;
  }
  await promo?.confirm(sub.id, now);
  // A new subscription is the account's from now on (an ended one may still be named).
  await app.db.updateTable('users').set({ billing_subscription_id: sub.id }).where('id', '=', user.id).execute();
  await settle(app, account, sub);
}

/** The account's state afresh from the provider, under its lock, after a change there. */
export const settle = (app: FastifyInstance, account: BillingAccount, sub: BillingSubscription) =>
  syncSubscription(app.db, app.dialect, account.provider, { customerId: sub.customerId, subscriptionId: sub.id });

/**
 * Moves to another plan (spec §4): an upgrade at once, the rest of the period charged pro rata and the features
 * with it; a downgrade from the next billing date, the current plan kept until then. On the trial every plan has
 * every feature, so the choice only sets what the trial turns into. Choosing the plan held while a downgrade waits
 * calls the downgrade off ('kept'). Otherwise returns when the change takes effect ('now' or the day).
 */
export async function swap(
  app: FastifyInstance,
  account: BillingAccount,
  plan: Plan,
): Promise<'now' | 'kept' | string> {
  const id = liveSubscriptionId(account.user);
  if (!id) throw new DomainError(422, 'billing.noSubscription');
  const { user, provider, currency } = account;
  const current = planByName(user.plan_name);
  const pending = planByName(user.pending_plan_name);
  if (current?.id === plan.id && !pending) throw new DomainError(422, 'billing.samePlan', {}, 'plan_id');
  const trial = user.subscription_status === 'trialing';
  const now = trial || !current || (current.id !== plan.id && isUpgrade(current, plan));
  // Back to the plan still held (a downgrade called off): billed as before, nothing to prorate.
  const keep = !now && current && current.id !== plan.id ? current : undefined;
  const sub = await charging(() => provider.changePlan(id, plan, currency, { now: now && !trial, keep }));
  await settle(app, account, sub);
  if (current?.id === plan.id) return 'kept';
  return now || !keep ? 'now' : sub.periodEnd;
}

/**
 * Switches auto-renew off (the subscription ends with its period, spec §4) or back on (resume). Cancelling calls off
 * a downgrade waiting for the next billing date first: no next period comes for it to start, and the subscription
 * would otherwise end on one plan with another still "from" a day that never comes.
 */
export async function setAutoRenew(app: FastifyInstance, account: BillingAccount, on: boolean): Promise<string> {
  const id = liveSubscriptionId(account.user);
  if (!id) throw new DomainError(422, 'billing.noSubscription');
  const ending = Boolean(account.user.ends_at);
  if (on !== ending) throw new DomainError(422, on ? 'billing.notCancelled' : 'billing.alreadyCancelled');
  const held = planByName(account.user.plan_name);
  if (!on && held && account.user.pending_plan_name)
    await account.provider.changePlan(id, held, account.currency, { now: false });
  const sub = await account.provider.setCancelAtPeriodEnd(id, !on);
  await settle(app, account, sub);
  return sub.periodEnd;
}
