import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { ledgerOfSeats, statusOf } from '../../core/ledger';

/** A seat in a class session with something left to pay. */
export interface OwingSeat {
  id: number;
  date: string;
  start_time: string | null;
  title: string;
  client: { id: number; first_name: string; last_name: string | null };
  price: number;
  status: ReturnType<typeof statusOf>;
}

/**
 * The seats in the caller's class sessions (of priced classes) up to `to` with something left to pay, latest first:
 * the class's price less the seat's ledger rows, as for an appointment. None on a plan without classes.
 */
export async function owingSeats(
  db: Db,
  classes: Filter | null,
  q: { from?: string; to: string; client_id?: number },
  window: number,
): Promise<OwingSeat[]> {
  if (!classes) return [];
  const rows = await db
    .selectFrom('class_session_clients as seat')
    .innerJoin('class_sessions', 'class_sessions.id', 'seat.session_id')
    .innerJoin('classes', 'classes.id', 'class_sessions.class_id')
    .innerJoin('clients', 'clients.id', 'seat.client_id')
    .select([
      'seat.id',
      'class_sessions.date',
      'class_sessions.start_time',
      'classes.title',
      'classes.price',
      'clients.id as client_id',
      'clients.first_name',
      'clients.last_name',
    ])
    .where((eb) =>
      eb.and([
        classes(eb),
        eb('class_sessions.date', '<=', q.to),
        eb('classes.price', '>', 0),
        ...(q.from ? [eb('class_sessions.date', '>=', q.from)] : []),
        ...(q.client_id !== undefined ? [eb('seat.client_id', '=', q.client_id)] : []),
      ]),
    )
    .orderBy('class_sessions.date', 'desc')
    .orderBy('class_sessions.start_time', 'desc')
    .orderBy('seat.id', 'desc')
    .limit(window)
    .execute();
  const ledger = await ledgerOfSeats(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => ({
      id: r.id,
      date: r.date,
      start_time: r.start_time,
      title: r.title,
      client: { id: r.client_id, first_name: r.first_name, last_name: r.last_name },
      price: r.price,
      status: statusOf({ price: r.price, discounted_amount: null }, ledger.get(r.id)),
    }))
    .filter((r) => r.status.status === 'unpaid' || r.status.status === 'leftToPay');
}
