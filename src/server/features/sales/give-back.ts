import type { Db } from '../../db/database';
import { DomainError } from '../../infra/domain-error';
import { refundedSaleIds } from '../../core/refunded-sales';

/**
 * Undoes what sales sold once refund rows (written just before, in the same transaction) have made them wholly
 * refunded: products that track stock get it back, and the gift voucher templates' sold counts go down, so a sales
 * limit counts only what stayed sold. The vouchers and packages they created are void from then on, read so from
 * the ledger (`core/refunded-sales.ts`). A sale whose voucher or package was already used is refused in words, which
 * rolls the refund back: the owner refunds those redemptions first.
 */
export async function giveBackRefundedSales(trx: Db, ownerId: number, saleIds: number[]): Promise<void> {
  const refunded = [...(await refundedSaleIds(trx, saleIds))];
  if (refunded.length === 0) return;
  const items = await trx
    .selectFrom('sale_items')
    .select(['id', 'kind', 'item_id', 'quantity'])
    .where('sale_id', 'in', refunded)
    .execute();
  const itemIds = items.map((i) => i.id);
  if (itemIds.length) {
    const voucherUse = await trx
      .selectFrom('payments')
      .innerJoin('voucher_sales', 'voucher_sales.id', 'payments.voucher_sale_id')
      .select((eb) => eb.fn.sum<number>('payments.amount').as('used'))
      .where('voucher_sales.sale_item_id', 'in', itemIds)
      .executeTakeFirst();
    if (Number(voucherUse?.used ?? 0) > 0) throw new DomainError(422, 'sales.voucherUsed');
    const sessions = await trx
      .selectFrom('payments')
      .innerJoin('package_sales', 'package_sales.id', 'payments.package_sale_id')
      .select((eb) => eb.fn.sum<number>(eb.case().when('payments.amount', '<', 0).then(-1).else(1).end()).as('used'))
      .where('package_sales.sale_item_id', 'in', itemIds)
      .executeTakeFirst();
    if (Number(sessions?.used ?? 0) > 0) throw new DomainError(422, 'sales.packageUsed');
  }
  for (const i of items) {
    if (i.item_id === null) continue;
    if (i.kind === 'product')
      await trx
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', i.quantity) }))
        .where('id', '=', i.item_id)
        .where('user_id', '=', ownerId)
        .where('stock', 'is not', null)
        .execute();
    else if (i.kind === 'gift_voucher')
      await trx
        .updateTable('gift_vouchers')
        .set((eb) => ({ sold_count: eb('sold_count', '-', i.quantity) }))
        .where('id', '=', i.item_id)
        .where('user_id', '=', ownerId)
        .where('sold_count', '>=', i.quantity)
        .execute();
  }
}
