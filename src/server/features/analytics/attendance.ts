import type { Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/** Appointments with clients in a period, by the clients' attendance (a group appointment counts each client). */
export interface Attendance {
  total: number;
  attended: number;
  no_show: number;
  cancelled: number;
  pending: number;
  /** Shares of all the period's visits, in percent to a tenth. */
  no_show_rate: number;
  cancellation_rate: number;
}

const rate = (part: number, all: number) => (all > 0 ? Math.round((part / all) * 1000) / 10 : 0);

/** The period's visits (a client on a service appointment) by status, with the no-show and cancellation rates. */
export async function attendance(db: Db, appointments: Filter, p: Period): Promise<Attendance> {
  const rows = await db
    .selectFrom('appointment_clients')
    .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
    .select((eb) => ['appointment_clients.status', eb.fn.countAll<number>().as('n')])
    .where((eb) =>
      eb.and([
        appointments(eb as never),
        eb('appointments.type', '=', 'service'),
        eb('appointments.date', '>=', p.from),
        eb('appointments.date', '<=', p.to),
      ]),
    )
    .groupBy('appointment_clients.status')
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  const total = rows.reduce((s, r) => s + Number(r.n), 0);
  const [attended, no_show, cancelled, pending] = [
    count('attended'),
    count('noShow'),
    count('cancelled'),
    count('pending'),
  ];
  return {
    total,
    attended,
    no_show,
    cancelled,
    pending,
    no_show_rate: rate(no_show, total),
    cancellation_rate: rate(cancelled, total),
  };
}

/** Clients retained in a period (spec §9): those with 3 or more visits they did not cancel, of all clients seen. */
export const RETAINED_AT = 3;

export async function retention(db: Db, appointments: Filter, p: Period) {
  const rows = await db
    .selectFrom('appointment_clients')
    .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
    .select((eb) => ['appointment_clients.client_id', eb.fn.countAll<number>().as('visits')])
    .where((eb) =>
      eb.and([
        appointments(eb as never),
        eb('appointments.type', '=', 'service'),
        eb('appointment_clients.status', '!=', 'cancelled'),
        eb('appointments.date', '>=', p.from),
        eb('appointments.date', '<=', p.to),
      ]),
    )
    .groupBy('appointment_clients.client_id')
    .execute();
  const seen = rows.length;
  const retained = rows.filter((r) => Number(r.visits) >= RETAINED_AT).length;
  return { seen, retained, retention_rate: rate(retained, seen) };
}
