import { addDays } from '../../../domain/dates';
import { nowIso, type Db } from '../../db/database';
import { invalid, notFound } from '../../infra/domain-error';
import { newVoucherCode, type SaleLine } from '../sales';
import type { PaymentsContext } from './context';

/** A thing sold at the till: a product, a gift voucher or a package of the owner's catalogue. */
export interface ItemInput {
  kind: SaleLine['kind'];
  id: number;
  quantity: number;
}

type Ctx = Pick<PaymentsContext, 'ownerId' | 'today'>;

/**
 * Prices the items sold at a checkout from the catalogue, inside its transaction: each at its current price, with
 * its title at the time. Refused in words: a product short of stock, a gift voucher expired or beyond its sales
 * limit; another owner's item is not found.
 */
export async function priceItems(trx: Db, ctx: Ctx, items: ItemInput[]): Promise<SaleLine[]> {
  const lines: SaleLine[] = [];
  for (const item of items) {
    const line = (title: string, price: number): SaleLine => ({
      kind: item.kind,
      item_id: item.id,
      title,
      quantity: item.quantity,
      unit_price: price,
      total: price * item.quantity,
    });
    const same = lines.filter((l) => l.kind === item.kind && l.item_id === item.id).reduce((s, l) => s + l.quantity, 0);
    if (item.kind === 'product') {
      const p = await trx
        .selectFrom('products')
        .select(['title', 'price', 'stock'])
        .where('id', '=', item.id)
        .where('user_id', '=', ctx.ownerId)
        .executeTakeFirst();
      if (!p) throw notFound();
      if (p.stock !== null && p.stock < same + item.quantity)
        throw invalid('items', 'payments.outOfStock', { title: p.title, stock: p.stock });
      lines.push(line(p.title, p.price));
    } else if (item.kind === 'gift_voucher') {
      const v = await trx
        .selectFrom('gift_vouchers')
        .select(['title', 'amount', 'expires_on', 'sales_limit', 'sold_count'])
        .where('id', '=', item.id)
        .where('user_id', '=', ctx.ownerId)
        .executeTakeFirst();
      if (!v) throw notFound();
      if (v.expires_on !== null && v.expires_on < ctx.today)
        throw invalid('items', 'payments.itemExpired', { title: v.title });
      if (v.sales_limit !== null && v.sold_count + same + item.quantity > v.sales_limit)
        throw invalid('items', 'payments.soldOut', { title: v.title });
      lines.push(line(v.title, v.amount));
    } else {
      const p = await trx
        .selectFrom('packages')
        .select(['title', 'price'])
        .where('id', '=', item.id)
        .where('user_id', '=', ctx.ownerId)
        .executeTakeFirst();
      if (!p) throw notFound();
      lines.push(line(p.title, p.price));
    }
  }
  return lines;
}

/**
 * Hands over what a sale sold, inside its transaction: products leave stock (those that track it), each gift
 * voucher sold becomes a voucher of its own with a new code and the template's expiry, each package sold becomes
 * the client's package, expiring after the package's days.
 */
export async function deliverItems(
  trx: Db,
  ctx: Ctx,
  clientId: number,
  lines: SaleLine[],
  itemIds: number[],
): Promise<void> {
  for (const [i, l] of lines.entries()) {
    if (l.kind === 'product') {
      await trx
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '-', l.quantity) }))
        .where('id', '=', l.item_id)
        .where('stock', 'is not', null)
        .execute();
    } else if (l.kind === 'gift_voucher') {
      const v = await trx
        .selectFrom('gift_vouchers')
        .select(['amount', 'expires_on', 'period_type', 'starts_on'])
        .where('id', '=', l.item_id)
        .executeTakeFirstOrThrow();
      for (let n = 0; n < l.quantity; n++)
        await trx
          .insertInto('voucher_sales')
          .values({
            user_id: ctx.ownerId,
            gift_voucher_id: l.item_id,
            client_id: clientId,
            code: await newVoucherCode(trx, ctx.ownerId),
            amount: v.amount,
            amount_left: v.amount,
            expires_on: v.expires_on,
            period_type: v.period_type,
            starts_on: v.starts_on,
            recipient_name: null,
            message: null,
            manage_token_hash: null,
            created_at: nowIso(),
            sale_item_id: itemIds[i],
          })
          .execute();
      await trx
        .updateTable('gift_vouchers')
        .set((eb) => ({ sold_count: eb('sold_count', '+', l.quantity) }))
        .where('id', '=', l.item_id)
        .execute();
    } else {
      const p = await trx
        .selectFrom('packages')
        .select(['price', 'expiry_days'])
        .where('id', '=', l.item_id)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('package_sales')
        .values(
          Array.from({ length: l.quantity }, () => ({
            user_id: ctx.ownerId,
            package_id: l.item_id,
            client_id: clientId,
            price: p.price,
            expires_on: p.expiry_days ? addDays(ctx.today, p.expiry_days) : null,
            manage_token_hash: null,
            created_at: nowIso(),
            sale_item_id: itemIds[i],
          })),
        )
        .execute();
    }
  }
}
