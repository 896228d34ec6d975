import type { Db } from '../db/database';

/**
 * Which sales are void: refunded, as the ledger says — a sale is refunded when it had payments and its refund rows
 * (which keep the `sale_id` of what they reverse, and may each give back part of a payment) come to all of them;
 * nothing stores it, so it cannot drift from the money — or cancelled before anything was paid
 * (`sales.cancelled_at`). The gift vouchers and packages a void sale created are void.
 */
export async function refundedSaleIds(db: Db, saleIds: number[]): Promise<Set<number>> {
  if (saleIds.length === 0) return new Set();
  const cancelled = await db
    .selectFrom('sales')
    .select('id')
    .where('id', 'in', saleIds)
    .where('cancelled_at', 'is not', null)
    .execute();
  const rows = await db
    .selectFrom('payments')
    .select((eb) => [
      'sale_id',
      eb.fn.sum<number>(eb.case().when('refund_of', 'is', null).then(eb.ref('amount')).else(0).end()).as('payments'),
      eb.fn.sum<number>('amount').as('kept'),
    ])
    .where('sale_id', 'in', saleIds)
    .groupBy('sale_id')
    .execute();
  return new Set([
    ...cancelled.map((c) => c.id),
    ...rows.filter((r) => Number(r.payments) > 0 && Number(r.kept) <= 0).map((r) => r.sale_id!),
  ]);
}

/** Of these sold gift vouchers (`voucher_sales`) or packages (`package_sales`), the ones whose sale is refunded. */
export async function refundedHoldings(
  db: Db,
  table: 'voucher_sales' | 'package_sales',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .innerJoin('sale_items', 'sale_items.id', `${table}.sale_item_id`)
    .select([`${table}.id as id`, 'sale_items.sale_id'])
    .where(`${table}.id`, 'in', ids)
    .execute();
  const refunded = await refundedSaleIds(db, [...new Set(rows.map((r) => r.sale_id))]);
  return new Set(rows.filter((r) => refunded.has(r.sale_id)).map((r) => Number(r.id)));
}
