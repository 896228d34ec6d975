import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { ledgerOfAppointments, statusOf } from '../../core/ledger';
import type { OwingSeat } from './owing-seats';

/** A period up to `to` (the owner's today unless given), and a client. */
export interface OwingQuery {
  from?: string;
  to: string;
  client_id?: number;
}

/**
 * The caller's appointments with something left to pay up to `to`, latest first, among the `window` latest priced
 * ones: `leftToPay` and `appointments` are the caller's rules on `appointments` for each.
 */
export async function owingAppointments(
  db: Db,
  filters: { leftToPay: Filter; appointments: Filter },
  q: OwingQuery,
  window: number,
) {
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'date', 'start_time', 'price', 'discounted_amount', 'service_id'])
    .where((eb) =>
      eb.and([
        filters.leftToPay(eb),
        filters.appointments(eb),
        eb('appointments.date', '<=', q.to),
        ...(q.from ? [eb('appointments.date', '>=', q.from)] : []),
        ...(q.client_id !== undefined
          ? [
              eb.exists(
                eb
                  .selectFrom('appointment_clients')
                  .select('appointment_clients.appointment_id')
                  .whereRef('appointment_clients.appointment_id', '=', 'appointments.id')
                  .where('appointment_clients.client_id', '=', q.client_id),
              ),
            ]
          : []),
        eb.or([eb('appointments.price', '>', 0), eb('appointments.discounted_amount', '>', 0)]),
      ]),
    )
    .orderBy('appointments.date', 'desc')
    .orderBy('appointments.start_time', 'desc')
    .orderBy('appointments.id', 'desc')
    .limit(window)
    .execute();
  const ledger = await ledgerOfAppointments(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => ({ ...r, status: statusOf(r, ledger.get(r.id)) }))
    .filter((r) => r.status.status === 'unpaid' || r.status.status === 'leftToPay');
}

/** An appointment or a class seat left to pay, as the left-to-pay list merges them. */
export type Owing =
  ({ kind: 'appointment' } & Awaited<ReturnType<typeof owingAppointments>>[number]) | ({ kind: 'class' } & OwingSeat);

/** A page of what is left to pay as the list shows it: each appointment with its service and clients. */
export async function leftToPayRows(db: Db, rows: Owing[]) {
  const booked = rows.flatMap((r) => (r.kind === 'appointment' ? [r] : []));
  const ids = booked.map((r) => r.id);
  const serviceIds = [...new Set(booked.map((r) => r.service_id).filter((s): s is number => s !== null))];
  const services = serviceIds.length
    ? await db.selectFrom('services').select(['id', 'title']).where('id', 'in', serviceIds).execute()
    : [];
  const clients = ids.length
    ? await db
        .selectFrom('appointment_clients')
        .innerJoin('clients', 'clients.id', 'appointment_clients.client_id')
        .select(['appointment_clients.appointment_id', 'clients.id', 'clients.first_name', 'clients.last_name'])
        .where('appointment_clients.appointment_id', 'in', ids)
        .orderBy('appointment_clients.position')
        .execute()
    : [];
  const data = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    date: r.date,
    start_time: r.start_time,
    ...(r.kind === 'appointment'
      ? {
          service: services.find((s) => s.id === r.service_id)?.title ?? null,
          clients: clients.filter((c) => c.appointment_id === r.id).map(({ appointment_id: _a, ...c }) => c),
          price: r.discounted_amount ?? r.price,
        }
      : { service: r.title, clients: [r.client], price: r.price }),
    amount: r.status.left_to_pay,
    payment_status: r.status.status,
  }));
  // The clients' names in one and the first client, for a list's column and its checkout.
  return data.map((r) => ({
    ...r,
    client_name: r.clients.map((c) => [c.first_name, c.last_name].filter(Boolean).join(' ')).join(', ') || null,
    client_id: r.clients[0]?.id ?? null,
  }));
}
