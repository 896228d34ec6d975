import { ledgerStatus, type LedgerRow } from '../../../domain/payments';
import type { Db } from '../../db/database';

/** What the ledger holds for one appointment: its payment and refund rows, and the checkout discounts it took. */
export interface LedgerOfAppointment {
  rows: LedgerRow[];
  discount: number;
}

/** The ledger of each appointment (two queries whatever the count); an appointment without rows gets none. */
export async function ledgerOfAppointments(db: Db, ids: number[]): Promise<Map<number, LedgerOfAppointment>> {
  const out = new Map<number, LedgerOfAppointment>(ids.map((id) => [id, { rows: [], discount: 0 }]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('payments')
    .select(['appointment_id', 'amount', 'method'])
    .where('appointment_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const r of rows) out.get(r.appointment_id!)!.rows.push({ amount: Number(r.amount), method: r.method });
  const discounts = await db
    .selectFrom('checkout_items')
    .select(['appointment_id', (eb) => eb.fn.sum<number>('discount').as('discount')])
    .where('appointment_id', 'in', ids)
    .groupBy('appointment_id')
    .execute();
  for (const d of discounts) out.get(d.appointment_id!)!.discount = Number(d.discount ?? 0);
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
