import { nowIso, type Db, type Dialect } from '../../db/database';
import { DomainError } from '../../infra/domain-error';
import { lockOwner } from '../../core/owner-lock';
import { settleInvoice } from '../invoices/settle';
import { undoRefundedSales } from '../payments/sale-refund';

export interface CancelSaleContext {
  db: Db;
  dialect: Dialect;
  ownerId: number;
  today: string;
}

/**
 * Cancels a sale nothing was paid for (`DELETE /sales/{id}` with no payments to refund): it stays on record with
 * when and why, owes nothing from then on, and gives back what it sold as a refund does (stock, a voucher's sold
 * count; its vouchers and packages are void) — refused in words when one of them was already used. The checkout's
 * automatic invoice goes too when it bills only cancelled sales and nothing was paid on it. Under the owner's lock,
 * as a checkout is, so a payment and the cancelling cannot cross. Returns false when the sale has payments after
 * all (the caller refunds them).
 */
export async function cancelUnpaidSale(ctx: CancelSaleContext, saleId: number, reason: string | null) {
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const paid = await trx.selectFrom('payments').select('id').where('sale_id', '=', saleId).executeTakeFirst();
    if (paid) return false;
    const sale = await trx
      .selectFrom('sales')
      .select(['checkout_id', 'cancelled_at'])
      .where('id', '=', saleId)
      .executeTakeFirstOrThrow();
    if (sale.cancelled_at) throw new DomainError(422, 'sales.alreadyCancelled');
    await trx
      .updateTable('sales')
      .set({ cancelled_at: nowIso(), cancel_reason: reason })
      .where('id', '=', saleId)
      .execute();
    await undoRefundedSales(trx, ctx.ownerId, [saleId]);
    if (sale.checkout_id !== null) await cancelInvoiceOfCancelledSales(trx, sale.checkout_id, ctx.today);
    return true;
  });
}

async function cancelInvoiceOfCancelledSales(trx: Db, checkoutId: number, today: string): Promise<void> {
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'total', 'paid', 'cancelled_at'])
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirst();
  if (!invoice || invoice.cancelled_at || Number(invoice.paid) !== 0) return;
  const sales = await trx
    .selectFrom('sales')
    .select(['total', 'discount', 'cancelled_at'])
    .where('checkout_id', '=', checkoutId)
    .execute();
  const billed = sales.reduce((sum, s) => sum + Number(s.total) - Number(s.discount), 0);
  // The invoice bills these sales and nothing else (no appointment), and every one of them is cancelled.
  if (sales.some((s) => !s.cancelled_at) || billed !== Number(invoice.total)) return;
  const now = nowIso();
  await trx.updateTable('invoices').set({ cancelled_at: now, updated_at: now }).where('id', '=', invoice.id).execute();
  await settleInvoice(trx, invoice.id, today);
}
