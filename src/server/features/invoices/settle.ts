import { sql } from 'kysely';
import { invoiceStatus } from '../../../domain/invoices';
import { nowIso, type Db } from '../../db/database';

/**
 * Works an invoice's status out again from the ledger (spec §4): what the rows that pay it come to — those naming
 * it, and for an automatic invoice those of its checkout, refunds included as the negative rows they are — and its
 * due date on the owner's `today`. Called in the transaction that wrote the rows, so the invoice and the ledger
 * never disagree; the job runner calls it as due dates pass.
 */
export async function settleInvoice(trx: Db, invoiceId: number, today: string): Promise<string | null> {
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'checkout_id', 'cancelled_at', 'sent_at', 'total', 'due_date', 'status', 'paid'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) return null;
  const sum = await trx
    .selectFrom('payments')
    .select(sql<string | number | null>`sum(amount)`.as('paid'))
    .where((eb) =>
      eb.or([
        eb('invoice_id', '=', invoiceId),
        ...(invoice.checkout_id !== null ? [eb('checkout_id', '=', invoice.checkout_id)] : []),
      ]),
    )
    .executeTakeFirst();
  const paid = Number(sum?.paid ?? 0);
  const status = invoiceStatus({ ...invoice, total: Number(invoice.total), paid }, today);
  if (status === invoice.status && paid === Number(invoice.paid)) return status;
  await trx.updateTable('invoices').set({ status, paid, updated_at: nowIso() }).where('id', '=', invoiceId).execute();
  return status;
}

/** Settles the invoices a set of ledger rows pays (their own or their checkout's), after the rows changed. */
export async function settleInvoicesOf(
  trx: Db,
  rows: Array<{ invoice_id?: number | null; checkout_id: number | null }>,
  today: string,
): Promise<void> {
  const direct = rows.map((r) => r.invoice_id).filter((id): id is number => typeof id === 'number');
  const checkouts = rows.map((r) => r.checkout_id).filter((id): id is number => id !== null);
  const viaCheckout = checkouts.length
    ? await trx
        .selectFrom('invoices')
        .select('id')
        .where('checkout_id', 'in', [...new Set(checkouts)])
        .execute()
    : [];
  for (const id of new Set([...direct, ...viaCheckout.map((r) => r.id)])) await settleInvoice(trx, id, today);
}
