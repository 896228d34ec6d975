import { formatMoney } from '@soloist/renderer/core';
import { nowIso } from '../../db/database';
import { DomainError, invalid, Label, notFound } from '../../infra/domain-error';
import { lockOwner } from '../../core/owner-lock';
import { giveBackRefundedSales } from '../sales';
import type { PaymentsContext } from './context';

/** How much of one payment to refund (minor units), and the caller's locale for the words of a refusal. */
export interface RefundAmount {
  amount: number;
  locale: string;
}

/**
 * Reverses payments (spec §7 `DELETE /payments/{id}`, `DELETE /payments/checkout/{id}`, `DELETE /sales/{id}`):
 * each gets a refund row of its own (keeping the sale, voucher or package session it was, which gives them back),
 * negative, naming it in `refund_of`, with the owner's reason; the payment itself stays. A payment may be refunded in
 * parts: `part` refunds that much of one payment, else all that is left of each — what is left is the payment less
 * its refund rows. More than is left, nothing or less, and part of a package session (a session is given back whole)
 * are refused in words. Under the owner's lock, so two refunds cannot both take what is left; a payment with nothing
 * left is refused in words. A card payment taken online is refunded through its provider, not here. A sale these
 * refunds leave wholly refunded gives back what it sold (`sales/give-back.ts`); the others hear of the refund in its
 * transaction (`payments.refunded`: the invoices these rows paid are worked out again). Returns the refund rows' ids.
 */
export async function refundPayments(
  ctx: Pick<PaymentsContext, 'db' | 'dialect' | 'ownerId' | 'today' | 'payments' | 'events'>,
  which: { payment: number } | { checkout: number } | { sale: number },
  reason: string | null,
  part?: RefundAmount,
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
          ctx.payments(eb),
        ]),
      )
      .orderBy('id')
      .execute();
    if (rows.length === 0) throw notFound();
    if ('payment' in which && rows[0].refund_of !== null) throw new DomainError(422, 'payments.isRefund');
    const originals = rows.filter((r) => r.refund_of === null);
    // What is left of each payment: its amount less every refund row naming it (read here, under the lock).
    const refunds = originals.length
      ? await trx
          .selectFrom('payments')
          .select(['refund_of', 'amount'])
          .where(
            'refund_of',
            'in',
            originals.map((r) => r.id),
          )
          .execute()
      : [];
    const leftOf = (r: (typeof originals)[number]) =>
      Number(r.amount) + refunds.filter((x) => x.refund_of === r.id).reduce((s, x) => s + Number(x.amount), 0);
    const open = originals.map((r) => ({ row: r, left: leftOf(r) })).filter((o) => o.left > 0);
    if (open.length === 0) throw new DomainError(422, 'payments.alreadyRefunded');
    if (open.some((o) => o.row.provider !== null)) throw new DomainError(422, 'payments.refundOnline');
    if (part) checkPart(open[0], part);
    const now = nowIso();
    const written = await trx
      .insertInto('payments')
      .values(
        open.map(({ row: r, left }) => ({
          user_id: r.user_id,
          appointment_id: r.appointment_id,
          class_seat_id: r.class_seat_id,
          client_id: r.client_id,
          type: r.type,
          method: r.method,
          provider: null,
          provider_ref: null,
          amount: -(part?.amount ?? left),
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
    const sales = [...new Set(open.map((o) => o.row.sale_id).filter((id): id is number => id !== null))];
    await giveBackRefundedSales(trx, ctx.ownerId, sales);
    // The invoices these rows paid are worked out again: a refunded invoice is no longer paid.
    await ctx.events?.emit('payments.refunded', { trx, today: ctx.today, rows: open.map((o) => o.row) });
    return written.map((w) => Number(w.id));
  });
}

/** Refuses in words a part refund that cannot be: nothing or less, more than is left, part of a package session. */
function checkPart(open: { row: { method: string; currency: string }; left: number }, part: RefundAmount): void {
  const field = new Label('fields.refund.amount');
  const money = (minor: number) => formatMoney(minor, part.locale, open.row.currency);
  if (part.amount < 1) throw invalid('amount', 'validation.min_numeric', { field, min: money(1) });
  if (part.amount > open.left) throw invalid('amount', 'validation.max_numeric', { field, max: money(open.left) });
  // A package's sessions are counted, not summed: one is given back whole or not at all.
  if (open.row.method === 'package' && part.amount !== open.left)
    throw invalid('amount', 'payments.packageRefundWhole');
}
