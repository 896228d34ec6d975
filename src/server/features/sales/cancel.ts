import { nowIso, type Db, type Dialect } from '../../db/database';
import type { FeatureEventBus } from '../../engine/events';
import { DomainError } from '../../infra/domain-error';
import { lockOwner } from '../../core/owner-lock';
import { giveBackRefundedSales } from './give-back';

export interface CancelSaleContext {
  db: Db;
  dialect: Dialect;
  ownerId: number;
  today: string;
  /** Told of the cancelling, within it. */
  events: FeatureEventBus;
}

/**
 * Cancels a sale nothing was paid for (`DELETE /sales/{id}` with no payments to refund): it stays on record with
 * when and why, owes nothing from then on, and gives back what it sold as a refund does (stock, a voucher's sold
 * count; its vouchers and packages are void) — refused in words when one of them was already used. The others hear
 * of it in the same transaction (`sales.cancelled`: the checkout's automatic invoice goes too when it bills only
 * cancelled sales and nothing was paid on it). Under the owner's lock,
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
    await giveBackRefundedSales(trx, ctx.ownerId, [saleId]);
    await ctx.events.emit('sales.cancelled', { trx, today: ctx.today, saleId, checkoutId: sale.checkout_id });
    return true;
  });
}
