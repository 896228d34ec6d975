import { ledgerStatus, type LedgerRow } from '../../domain/payments';
import type { Db } from '../db/database';

/** What the ledger holds for one appointment (or class seat): its payment and refund rows, and the checkout discounts it took. */
export interface LedgerOfAppointment {
  rows: LedgerRow[];
  discount: number;
}

/** The ledger of each appointment (two queries whatever the count); an appointment without rows gets none. */
export const ledgerOfAppointments = (db: Db, ids: number[]) => ledgerOf(db, 'appointment_id', ids);

/** The ledger of each class seat (a `class_session_clients` row), as of an appointment. */
export const ledgerOfSeats = (db: Db, ids: number[]) => ledgerOf(db, 'class_seat_id', ids);

async function ledgerOf(
  db: Db,
  link: 'appointment_id' | 'class_seat_id',
  ids: number[],
): Promise<Map<number, LedgerOfAppointment>> {
  const out = new Map<number, LedgerOfAppointment>(ids.map((id) => [id, { rows: [], discount: 0 }]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('payments')
    .select([`${link} as id`, 'amount', 'method'])
    .where(link, 'in', ids)
    .orderBy('payments.id')
    .execute();
  for (const r of rows) out.get(r.id!)!.rows.push({ amount: Number(r.amount), method: r.method });
  const discounts = await db
    .selectFrom('checkout_items')
    .select([`${link} as id`, (eb) => eb.fn.sum<number>('discount').as('discount')])
    .where(link, 'in', ids)
    .groupBy(link)
    .execute();
  for (const d of discounts) out.get(d.id!)!.discount = Number(d.discount ?? 0);
  return out;
}

/** An appointment's §4 status and what is left to pay, from its price and its ledger. */
export const statusOf = (
  a: { price: number | null; discounted_amount: number | null },
  ledger: LedgerOfAppointment | undefined,
) =>
  ledgerStatus({
    price: a.price ?? 0,
    discounted: a.discounted_amount,
    discount: ledger?.discount ?? 0,
    rows: ledger?.rows ?? [],
  });
