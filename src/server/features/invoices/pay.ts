import { nowIso } from '../../db/database';
import { DomainError, invalid } from '../../infra/domain-error';
import { lockOwner } from '../../core/owner-lock';
import { settleInvoice } from './settle';
import { foundInvoice, type InvoicesContext } from './write';

/** A payment of a manual invoice as the owner records it. */
export interface InvoicePaymentInput {
  method: string;
  /** Minor units; the rest of the invoice when left out. */
  amount?: number;
}

/**
 * Records money received for a manual invoice: a standalone row in the ledger naming the invoice, on the owner's
 * today, at most what is left of it; the invoice becomes paid once the rows come to its total. An automatic
 * invoice is paid where its checkout's appointments and sales are: at the checkout.
 */
export async function payInvoice(ctx: InvoicesContext, id: number, input: InvoicePaymentInput): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const invoice = await foundInvoice(trx, ctx, id);
    if (invoice.cancelled_at) throw new DomainError(422, 'invoices.isCancelled');
    if (invoice.type === 'auto') throw new DomainError(422, 'invoices.payAtCheckout');
    const left = Number(invoice.total) - Number(invoice.paid);
    if (left <= 0) throw new DomainError(422, 'payments.nothingOwed');
    const amount = input.amount ?? left;
    if (amount > left) throw invalid('amount', 'payments.exceedsOwed');
    const row = await trx
      .insertInto('payments')
      .values({
        user_id: ctx.ownerId,
        client_id: invoice.client_id,
        invoice_id: invoice.id,
        type: 'standalone',
        method: input.method,
        provider: null,
        provider_ref: null,
        amount,
        currency: invoice.currency,
        date: ctx.today,
        created_at: nowIso(),
        checkout_id: null,
        refund_of: null,
        reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await settleInvoice(trx, invoice.id, ctx.today);
    return Number(row.id);
  });
}
