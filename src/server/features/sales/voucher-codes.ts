import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { voucherAmountsLeft } from '../../core/redeemed';
import { refundedHoldings } from '../../core/refunded-sales';

export const CODES_PER_PAGE = 25;

/** What a sold code is now: refunded (its sale was), spent (nothing left), expired, or active. */
export type CodeState = 'active' | 'spent' | 'expired' | 'refunded';

/**
 * The codes sold of one gift voucher (at the till or online), newest first, a page at a time: the client, the day
 * sold, the amount, what is left and the state, both from the ledger (`core/redeemed.ts`), never the stored
 * `amount_left`. `filter` is the caller's rules on `voucher_sales`; `today` the owner's day.
 */
export async function voucherCodes(db: Db, filter: Filter, giftVoucherId: number, page: number, today: string) {
  const base = db
    .selectFrom('voucher_sales')
    .where((eb) => eb.and([filter(eb), eb('voucher_sales.gift_voucher_id', '=', giftVoucherId)]));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('clients', 'clients.id', 'voucher_sales.client_id')
    .leftJoin('sale_items', 'sale_items.id', 'voucher_sales.sale_item_id')
    .leftJoin('sales', 'sales.id', 'sale_items.sale_id')
    .select([
      'voucher_sales.id',
      'voucher_sales.code',
      'voucher_sales.amount',
      'voucher_sales.expires_on',
      'voucher_sales.created_at',
      'sales.date as sale_date',
      'clients.id as client_id',
      'clients.first_name',
      'clients.last_name',
    ])
    .orderBy('voucher_sales.id', 'desc')
    .limit(CODES_PER_PAGE)
    .offset((page - 1) * CODES_PER_PAGE)
    .execute();
  const ids = rows.map((r) => r.id);
  const left = await voucherAmountsLeft(db, ids);
  const refunded = await refundedHoldings(db, 'voucher_sales', ids);
  const data = rows.map((r) => {
    const amountLeft = left.get(r.id) ?? 0;
    const state: CodeState = refunded.has(r.id)
      ? 'refunded'
      : amountLeft <= 0
        ? 'spent'
        : r.expires_on !== null && r.expires_on < today
          ? 'expired'
          : 'active';
    return {
      id: r.id,
      code: r.code,
      client_id: r.client_id,
      client_name: r.client_id === null ? null : [r.first_name, r.last_name].filter(Boolean).join(' '),
      sold_on: r.sale_date ?? r.created_at.slice(0, 10),
      amount: Number(r.amount),
      amount_left: amountLeft,
      expires_on: r.expires_on,
      state,
    };
  });
  return { data, total: Number(total) };
}

/** Whether the gift voucher is one the caller's rules (`filter` on `gift_vouchers`) let them read. */
export async function giftVoucherAllowed(db: Db, filter: Filter, id: number): Promise<boolean> {
  const voucher = await db
    .selectFrom('gift_vouchers')
    .select('id')
    .where((eb) => eb.and([eb('gift_vouchers.id', '=', id), filter(eb)]))
    .executeTakeFirst();
  return voucher !== undefined;
}
