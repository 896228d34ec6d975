import { nowIso, type Db } from '../../../db/database';
import type { Params } from '../../../infra/billing/liqpay-protocol';

/** Minor units from a LiqPay amount (LiqPay writes major units); NaN when it is not a number. */
const minor = (amount: unknown): number => Math.round(Number(amount) * 100);

/**
 * A refund of a plan's payment made at LiqPay (its business account, or its `refund` request on the subscription's
 * order): LiqPay calls the order's `server_url` back with `status: 'reversed'` and the amount refunded. It is kept as
 * a row of its own beside the payments — a negative amount, its status `refunded` — as a Stripe refund is, so the
 * owner's plan payments, and their affiliate's commission, are net of it. Never more than the order's payments less
 * its earlier refunds: a refund of an order the app has no payment of (an older subscription's, kept before these
 * rows were) changes nothing; a refund called back again is kept once (its `payment_id`).
 */
export async function keepLiqpayRefund(trx: Db, userId: number, orderId: string, params: Params): Promise<void> {
  const asked = minor(params.amount);
  if (!Number.isFinite(asked) || asked <= 0) return;
  const kept = await trx
    .selectFrom('subscription_payments')
    .select((eb) => [eb.fn.sum<number | string>('amount').as('net'), eb.fn.max('currency').as('currency')])
    .where('user_id', '=', userId)
    .where('provider', '=', 'liqpay')
    .where('order_id', '=', orderId)
    .where('status', 'in', ['paid', 'refunded'])
    .executeTakeFirst();
  const left = Number(kept?.net ?? 0);
  if (left <= 0) return;
  const refundedAt = new Date(Number(params.end_date) || Date.now()).toISOString();
  await trx
    .insertInto('subscription_payments')
    .values({
      user_id: userId,
      provider: 'liqpay',
      order_id: orderId,
      payment_id: String(params.payment_id),
      status: 'refunded',
      kind: 'plan',
      amount: -Math.min(asked, left),
      currency: String(params.currency ?? kept?.currency ?? 'UAH').toLowerCase(),
      description: typeof params.description === 'string' ? params.description.slice(0, 255) : null,
      paid_at: refundedAt,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['provider', 'payment_id']).doNothing())
    .execute();
}
