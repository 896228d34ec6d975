import type { FastifyInstance } from 'fastify';

/** A UA owner's payments for their plan, as LiqPay reported them, newest first, in the history's shape. */
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
    description: r.description,
    date: r.paid_at,
    total: r.amount,
    currency: r.currency,
    status: r.status,
    pdf_url: null,
    url: null,
  }));
}
