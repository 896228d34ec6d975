import { nowIso } from '../../db/database';
import { DomainError, notFound } from '../../infra/domain-error';
import { lockOwner } from '../appointments/overlaps';
import type { PaymentsContext } from './context';
import { settleInvoicesOf } from '../invoices/settle';
import { undoRefundedSales } from './sale-refund';

/**
 * Reverses payments (spec §7 `DELETE /payments/{id}`, `DELETE /payments/checkout/{id}`, `DELETE /sales/{id}`):
 * each gets its own refund row (keeping the sale, voucher or package session it was, which gives them back), the negative of its amount, naming it in `refund_of`, with the owner's reason; the payment itself stays.
 * Under the owner's lock, so two deletes cannot both refund; a payment already refunded is refused in words (and
 * the unique index on `refund_of` backs that). A card payment taken online is refunded through its provider, not
 * here. A sale these refunds leave wholly refunded gives back what it sold (`sale-refund.ts`). Returns the refund
 * rows' ids.
 */
export async function refundPayments(
  ctx: Pick<PaymentsContext, 'db' | 'dialect' | 'ownerId' | 'today' | 'payments'>,
  which: { payment: number } | { checkout: number } | { sale: number },
  reason: string | null,
): Promise<number[]> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const rows = await trx
      .selectFrom('payments')
      .selectAll()
      .where((eb) =>
        eb.and([
          'payment' in which
            ? eb('payments.id', '=', which.payment)
            : 'checkout' in which
              ? eb('payments.checkout_id', '=', which.checkout)
              : eb('payments.sale_id', '=', which.sale),
          ctx.payments(eb as never),
        ]),
      )
      .orderBy('id')
      .execute();
    if (rows.length === 0) throw notFound();
    if ('payment' in which && rows[0].refund_of !== null) throw new DomainError(422, 'payments.isRefund');
    const originals = rows.filter((r) => r.refund_of === null);
    const refunded = new Set(rows.map((r) => r.refund_of).filter((id) => id !== null));
    // A checkout's refunds carry its id; a single payment's refund is looked up by what it reverses.
    if ('payment' in which) {
      const done = await trx.selectFrom('payments').select('id').where('refund_of', '=', which.payment).execute();
      if (done.length) refunded.add(which.payment);
    }
    const open = originals.filter((r) => !refunded.has(r.id));
    if (open.length === 0) throw new DomainError(422, 'payments.alreadyRefunded');
    if (open.some((r) => r.provider !== null)) throw new DomainError(422, 'payments.refundOnline');
    const now = nowIso();
    const written = await trx
      .insertInto('payments')
      .values(
        open.map((r) => ({
          user_id: r.user_id,
          appointment_id: r.appointment_id,
          class_seat_id: r.class_seat_id,
          client_id: r.client_id,
          type: r.type,
          method: r.method,
          provider: null,
          provider_ref: null,
          amount: -r.amount,
          currency: r.currency,
          date: ctx.today,
          created_at: now,
          checkout_id: r.checkout_id,
          invoice_id: r.invoice_id,
          refund_of: r.id,
          reason,
          sale_id: r.sale_id,
          voucher_sale_id: r.voucher_sale_id,
          package_sale_id: r.package_sale_id,
          service_id: r.service_id,
        })),
      )
      .returning('id')
      .execute();
    const sales = [...new Set(open.map((r) => r.sale_id).filter((id): id is number => id !== null))];
    await undoRefundedSales(trx, ctx.ownerId, sales);
    // The invoices these rows paid are worked out again: a refunded invoice is no longer paid.
    await settleInvoicesOf(trx, open, ctx.today);
    return written.map((w) => Number(w.id));
  });
}
