import type { Db } from '../../db/database';
import { recordSale } from '../sales';
import { ownerToday, type PublicOwner } from './owner';

/** The sale an online purchase is: one item, the voucher or package bought, at what was paid. */
export async function recordOnlineSale(
  trx: Db,
  owner: PublicOwner,
  clientId: number,
  purchase: { kind: string; gift_voucher_id: number | null; package_id: number | null; amount: number },
  currency: string,
) {
  const voucher = purchase.kind === 'voucher';
  const item = voucher
    ? await trx
        .selectFrom('gift_vouchers')
        .select(['id', 'title'])
        .where('id', '=', purchase.gift_voucher_id!)
        .executeTakeFirstOrThrow()
    : await trx
        .selectFrom('packages')
        .select(['id', 'title'])
        .where('id', '=', purchase.package_id!)
        .executeTakeFirstOrThrow();
  return recordSale(trx, {
    ownerId: owner.user.id,
    clientId,
    checkoutId: null,
    date: ownerToday(owner),
    currency,
    discount: 0,
    lines: [
      {
        kind: voucher ? 'gift_voucher' : 'package',
        item_id: item.id,
        title: item.title,
        quantity: 1,
        unit_price: purchase.amount,
        total: purchase.amount,
      },
    ],
  });
}
