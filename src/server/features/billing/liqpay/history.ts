import type { FastifyInstance } from 'fastify';
import type { PaidFor } from '../../../infra/billing/provider';
import { readBundleOrderId } from './bundles';
import { readOrderId } from './orders';

/** What a LiqPay order paid for: a plan's subscription, or a bundle of credits. */
function paidFor(orderId: string): PaidFor | null {
  const bundle = readBundleOrderId(orderId);
  if (bundle) return { kind: 'bundle', id: bundle.bundle.id };
  const order = readOrderId(orderId);
  return order ? { kind: 'plan', id: order.plan.id } : null;
}

/** A UA owner's payments for their plan and credits, as LiqPay reported them, newest first, in the history's shape. */
export async function liqpayHistory(app: FastifyInstance, userId: number) {
  const rows = await app.db
    .selectFrom('subscription_payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('paid_at', 'desc')
    .limit(24)
    .execute();
  return rows.map((r) => ({
    id: `${r.provider}-${r.payment_id}`,
    number: r.payment_id,
    paid_for: paidFor(r.order_id),
    date: r.paid_at,
    total: r.amount,
    currency: r.currency,
    status: r.status,
    pdf_url: null,
    url: null,
  }));
}
