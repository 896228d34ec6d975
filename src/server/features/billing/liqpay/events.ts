import type { FastifyInstance } from 'fastify';
import { planByName, type Plan } from '../../../../domain/plans';
import { stageAt } from '../../../../domain/subscription';
import { nowIso, type Db } from '../../../db/database';
import type { Params } from '../../../infra/billing/liqpay-protocol';
import { toSessionUser } from '../../../infra/sessions';
import { grantPlanCredits } from '../../credits';
import { withOwnerLock } from '../../../core/owner-lock';
import { hryvnias, periodAfter, periodicity, readOrderId } from './orders';
import { liqpayAmount } from './promo-price';
import { keepLiqpayRefund } from './refunds';

type Patch = Record<string, unknown>;

/** Writes subscription fields onto the account with the stage they put it in. */
async function write(trx: Db, userId: number, patch: Patch, now: Date): Promise<void> {
  const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const next = { ...toSessionUser(row as unknown as Record<string, unknown>), ...patch };
  const stage = stageAt(
    {
      plan_name: next.plan_name,
      subscription_status: next.subscription_status,
      trial_ends_at: next.trial_ends_at,
      ends_at: next.ends_at,
      subscription_ended_at: next.subscription_ended_at,
      has_incomplete_payment: Boolean(next.has_incomplete_payment),
      addons: next.addons,
    },
    now,
  );
  const fields = { ...patch, stage, updated_at: nowIso() } as Patch;
  if ('has_incomplete_payment' in fields) fields.has_incomplete_payment = fields.has_incomplete_payment ? 1 : 0;
  await trx.updateTable('users').set(fields).where('id', '=', userId).execute();
}

/**
 * What a LiqPay callback (or our own request's answer) means for the account (spec §3, §4), once per message:
 * - `subscribed`: the subscription is the account's; on the trial it starts when the trial ends, else at once.
 * - a payment (`regular` or the first) `success`: the period it paid begins (a waiting downgrade takes effect),
 *   the plan's credits for it, the payment in the history; `failure`: an incomplete payment to act on, and the
 *   owner told in their bell as a card provider's failed charge tells them (`billing.payment-failed`).
 * - `unsubscribed`: auto-renew off; the plan runs to the end of the period paid.
 * - `reversed`: a payment refunded, whole or in part, kept beside it (`keepLiqpayRefund`), of any of the owner's
 *   subscriptions; the plan is left as it is (an admin ends it if that is meant).
 * Messages about an order that is no longer the account's (an older subscription) change nothing.
 */
export async function applyLiqpayMessage(app: FastifyInstance, params: Params, now = new Date()): Promise<void> {
  const order = readOrderId(params.order_id);
  if (!order) return;
  const claimId = `liqpay:${String(params.payment_id ?? params.order_id)}:${String(params.action)}:${String(params.status)}`;
  const claimed = await app.db
    .insertInto('billing_events')
    .values({ id: claimId.slice(0, 255), type: `liqpay.${String(params.status)}`, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return;
  let paid: Paid | 'failed' | null;
  try {
    paid = await withOwnerLock(app.db, app.dialect, order.userId, (trx) => apply(trx, order, params, now));
  } catch (err) {
    await app.db.deleteFrom('billing_events').where('id', '=', claimed.id).execute();
    throw err;
  }
  if (paid === 'failed') return app.events.notify('billing.payment-failed', { ownerId: order.userId });
  // LiqPay unreachable now: the next payment's callback sets the amount right then.
  if (paid)
    await keepAmount(app, order.userId, String(params.order_id), paid).catch((err: unknown) =>
      app.log.warn({ err }, 'LiqPay amount not updated'),
    );
}

/** A successful payment: the plan it paid, when, and how much (kopiyky). */
interface Paid {
  plan: Plan;
  at: string;
  amount: number;
}

/**
 * After a payment, what LiqPay bills next is set right if it is not: the full price again once a promo code's
 * discount has run out (or the discounted one while it runs). Nothing is asked of LiqPay when it already is.
 */
async function keepAmount(app: FastifyInstance, userId: number, orderId: string, paid: Paid): Promise<void> {
  const next = await liqpayAmount(app, userId, paid.plan, new Date(periodAfter(paid.at, paid.plan)));
  if (next === paid.amount || !app.liqpay) return;
  await app.liqpay.request({
    action: 'subscribe_update',
    order_id: orderId,
    amount: hryvnias(next),
    currency: 'UAH',
    description: `Soloist ${paid.plan.name}`,
    subscribe_periodicity: periodicity(paid.plan),
  });
}

async function apply(
  trx: Db,
  order: NonNullable<ReturnType<typeof readOrderId>>,
  params: Params,
  now: Date,
): Promise<Paid | 'failed' | null> {
  const user = await trx
    .selectFrom('users')
    .select([
      'id',
      'billing_subscription_id',
      'trial_ends_at',
      'subscription_status',
      'current_period_end',
      'pending_plan_name',
    ])
    .where('id', '=', order.userId)
    .executeTakeFirst();
  if (!user) return null;
  const orderId = String(params.order_id);
  const status = String(params.status);
  const mine = user.billing_subscription_id === orderId;
  if (status === 'subscribed' && params.action === 'subscribe') {
    const trial =
      user.subscription_status === 'trialing' && user.trial_ends_at && user.trial_ends_at > now.toISOString();
    await write(
      trx,
      user.id,
      {
        billing_subscription_id: orderId,
        plan_name: order.plan.name,
        billing_interval: order.plan.interval,
        pending_plan_name: null,
        ends_at: null,
        subscription_ended_at: null,
        has_incomplete_payment: false,
        current_period_end: trial ? user.trial_ends_at : now.toISOString(),
        ...(trial ? {} : { subscription_status: 'active' }),
      },
      now,
    );
    await trx
      .updateTable('users')
      .set({ liqpay_pending_order: null })
      .where('id', '=', user.id)
      .where('liqpay_pending_order', '=', orderId)
      .execute();
    return null;
  }
  // A refund is of money the owner paid, whichever subscription it paid for.
  if (status === 'reversed') {
    await keepLiqpayRefund(trx, user.id, orderId, params);
    return null;
  }
  if (!mine) return null;
  if (status === 'success' || status === 'failure' || status === 'error') {
    const paidAt = new Date(Number(params.end_date) || now.getTime()).toISOString();
    await trx
      .insertInto('subscription_payments')
      .values({
        user_id: user.id,
        provider: 'liqpay',
        order_id: orderId,
        payment_id: String(params.payment_id),
        status: status === 'success' ? 'paid' : 'failed',
        amount: Math.round(Number(params.amount) * 100),
        currency: String(params.currency ?? 'UAH').toLowerCase(),
        description: typeof params.description === 'string' ? params.description.slice(0, 255) : null,
        paid_at: paidAt,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['provider', 'payment_id']).doNothing())
      .execute();
    if (status !== 'success') {
      await write(trx, user.id, { has_incomplete_payment: true }, now);
      return 'failed';
    }
    const plan =
      planByName(user.pending_plan_name) ?? planByName((await current(trx, user.id)).plan_name) ?? order.plan;
    await write(
      trx,
      user.id,
      {
        plan_name: plan.name,
        billing_interval: plan.interval,
        pending_plan_name: null,
        subscription_status: 'active',
        has_incomplete_payment: false,
        current_period_end: periodAfter(paidAt, plan),
      },
      now,
    );
    await grantPlanCredits(trx, user.id, plan, paidAt);
    return { plan, at: paidAt, amount: Math.round(Number(params.amount) * 100) };
  }
  if (status === 'unsubscribed')
    await write(trx, user.id, { ends_at: user.current_period_end ?? now.toISOString(), pending_plan_name: null }, now);
  return null;
}

const current = (trx: Db, userId: number) =>
  trx.selectFrom('users').select('plan_name').where('id', '=', userId).executeTakeFirstOrThrow();
