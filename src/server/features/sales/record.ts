import { nowIso, type Db } from '../../db/database';

/** One line of a sale: what was sold, its title at the time, how many, at what price (minor units). */
export interface SaleLine {
  kind: 'product' | 'gift_voucher' | 'package';
  item_id: number;
  title: string;
  quantity: number;
  unit_price: number;
  total: number;
}

/**
 * Writes a sale and its items (spec §3 Sale: items, quantity, total), inside the caller's transaction: at the till
 * with the checkout it belongs to, or online without one. `discount` is the sale's share of the checkout discount.
 * Returns the sale's id and each line's item id, in order.
 */
export async function recordSale(
  trx: Db,
  sale: {
    ownerId: number;
    clientId: number | null;
    checkoutId: number | null;
    date: string;
    currency: string;
    discount: number;
    lines: SaleLine[];
  },
): Promise<{ saleId: number; itemIds: number[] }> {
  const row = await trx
    .insertInto('sales')
    .values({
      user_id: sale.ownerId,
      client_id: sale.clientId,
      checkout_id: sale.checkoutId,
      date: sale.date,
      total: sale.lines.reduce((s, l) => s + l.total, 0),
      discount: sale.discount,
      currency: sale.currency,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const saleId = Number(row.id);
  const items = await trx
    .insertInto('sale_items')
    .values(sale.lines.map((l) => ({ ...l, user_id: sale.ownerId, sale_id: saleId })))
    .returning('id')
    .execute();
  return { saleId, itemIds: items.map((i) => Number(i.id)).sort((a, b) => a - b) };
}
