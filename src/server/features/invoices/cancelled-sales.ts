import { nowIso, type Db } from '../../db/database';
import { settleInvoice } from './settle';

/**
 * When a sale nothing was paid for is cancelled, the automatic invoice of its checkout goes too, in the same
 * transaction — if that invoice bills these sales and nothing else (no appointment), every one of them is now
 * cancelled, and nothing was paid on it.
 */
export async function cancelInvoiceOfCancelledSales(trx: Db, checkoutId: number, today: string): Promise<void> {
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
