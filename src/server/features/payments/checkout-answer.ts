import type { Db } from '../../db/database';

/** A recorded checkout as `POST /payments` answers it: the checkout's own fields, the sale it made
 * (if any) and the ledger rows it wrote. */
export async function checkoutAnswer(db: Db, id: number, saleId: number | null) {
  const checkout = await db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom('payments')
    .select([
      'id',
      'appointment_id',
      'class_seat_id',
      'sale_id',
      'type',
      'method',
      'amount',
      'voucher_sale_id',
      'package_sale_id',
    ])
    .where('checkout_id', '=', id)
    .orderBy('id')
    .execute();
  const { user_id: _u, created_at: _c, ...data } = checkout;
  return { ...data, sale_id: saleId, payments };
}
