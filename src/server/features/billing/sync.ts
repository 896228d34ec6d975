import { planById } from '../../../domain/plans';
import { stageAt } from '../../../domain/subscription';
import { nowIso, type Db, type Dialect } from '../../db/database';
import type { BillingProvider, BillingSubscription } from '../../infra/billing/provider';
import { lockOwner } from '../../core/owner-lock';
import { grantPlanCredits } from '../credits';

const OWING = new Set(['past_due', 'unpaid', 'incomplete']);
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Writes what the provider says of a subscription onto its account (spec §3, §4): the plan (a downgrade's old plan
 * until the period it was asked in has ended, the new one waiting as `pending_plan_name`), the status — trialing
 * with the trial's end, active, or expired with the day it ended — auto-renew off as `ends_at` (the period's end),
 * a payment the owner must act on (past due, unpaid, incomplete) as `has_incomplete_payment`, the next billing date,
 * and the stage these put the account in; an active period gets its plan credits. It always writes the provider's latest state, fetched afresh, so events
 * handled twice or out of order end the same. An older subscription ending does not touch a newer one.
 */
export async function applySubscription(db: Db, sub: BillingSubscription, now = new Date()): Promise<number | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'plan_name', 'billing_interval', 'trial_ends_at', 'billing_subscription_id'])
    .where('billing_customer_id', '=', sub.customerId)
    .executeTakeFirst();
  if (!user) return null;
  const ended = ENDED.has(sub.status);
  if (ended && user.billing_subscription_id && user.billing_subscription_id !== sub.id) return user.id;

  const billed = sub.planId ? planById(sub.planId) : undefined;
  const kept =
    sub.keepPlanId && sub.keepUntil && sub.periodStart < sub.keepUntil ? planById(sub.keepPlanId) : undefined;
  const plan = kept ?? billed;
  const trialing = sub.status === 'trialing';
  const endedAt = ended ? (sub.endedAt ?? now.toISOString()) : null;
  const fields = {
    plan_name: plan?.name ?? user.plan_name,
    subscription_status: trialing ? 'trialing' : ended ? 'expired' : 'active',
    trial_ends_at: trialing ? sub.trialEnd : user.trial_ends_at,
    ends_at: ended ? endedAt : sub.cancelAtPeriodEnd ? sub.periodEnd : null,
    subscription_ended_at: endedAt,
    has_incomplete_payment: OWING.has(sub.status),
    // Add-ons billed, and cancelled ones paid to the end of the period they were cancelled in.
    addons: ended
      ? []
      : [
          ...new Set([
            ...sub.addons,
            ...Object.entries(sub.keptAddons)
              .filter(([, until]) => sub.periodStart < until)
              .map(([id]) => id),
          ]),
        ],
  };
  await db
    .updateTable('users')
    .set({
      ...fields,
      has_incomplete_payment: fields.has_incomplete_payment ? 1 : 0,
      addons: JSON.stringify(fields.addons),
      billing_subscription_id: sub.id,
      billing_interval: plan?.interval ?? user.billing_interval,
      pending_plan_name: kept && billed && kept.id !== billed.id ? billed.name : null,
      current_period_end: ended ? null : sub.periodEnd,
      stage: stageAt(fields, now),
      updated_at: nowIso(),
    })
    .where('id', '=', user.id)
    .execute();
  // A paid period has begun (or an upgrade within it): the plan's credits for it (spec §9).
  if (sub.status === 'active' && plan) await grantPlanCredits(db, user.id, plan, sub.periodStart);
  return user.id;
}

/**
 * Reads a subscription afresh from the provider and writes it onto its account, under the account's lock (a
 * transaction: the user row locked on PostgreSQL; SQLite runs one transaction at a time). A route's change and a
 * webhook about an earlier change may otherwise cross — the webhook reading the old state, the route writing the
 * new, the webhook writing the old over it. Locked, the last to write is the last to read.
 */
export async function syncSubscription(
  db: Db,
  dialect: Dialect,
  provider: BillingProvider,
  ref: { customerId: string; subscriptionId: string } | { customerId: string; latest: true },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('billing_customer_id', '=', ref.customerId)
      .executeTakeFirst();
    if (!user) return;
    await lockOwner(trx, { dialect, ownerId: user.id });
    const sub =
      'latest' in ref
        ? await provider.latestSubscription(ref.customerId)
        : await provider.subscription(ref.subscriptionId);
    if (sub) await applySubscription(trx, sub);
  });
}
