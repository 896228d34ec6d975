import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/** Appointments the dashboard lists: today's, and the next few after today. */
export const NEXT_APPOINTMENTS = 5;
const TODAY_AT_MOST = 20;

export interface AgendaItem {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  type: string;
  title: string | null;
  service: string | null;
  /** The clients' names, in the order they were added; those who cancelled are left out. */
  clients: string[];
  /** Every client cancelled. */
  cancelled: boolean;
}

/** The owner's agenda in their days: today's appointments (private time too, not blocked time) and the next ones. */
export async function agenda(db: Db, appointments: Filter, clients: Filter, today: string) {
  const base = () =>
    db
      .selectFrom('appointments')
      .leftJoin('services', 'services.id', 'appointments.service_id')
      .select([
        'appointments.id',
        'appointments.date',
        'appointments.start_time',
        'appointments.end_time',
        'appointments.type',
        'appointments.title',
        'services.title as service',
      ])
      .where((eb) => eb.and([appointments(eb), eb('appointments.type', '!=', 'blocked')]))
      .orderBy('appointments.date')
      .orderBy('appointments.start_time')
      .orderBy('appointments.id');
  const [todays, next] = await Promise.all([
    base().where('appointments.date', '=', today).limit(TODAY_AT_MOST).execute(),
    base()
      .where('appointments.date', '>', today)
      .where('appointments.type', '=', 'service')
      .limit(NEXT_APPOINTMENTS)
      .execute(),
  ]);
  const ids = [...todays, ...next].map((a) => a.id);
  const people = ids.length
    ? await db
        .selectFrom('appointment_clients')
        // A cross join keeps SQLite from reading every client of the owner first: the few appointments lead.
        .crossJoin('clients')
        .whereRef('clients.id', '=', 'appointment_clients.client_id')
        .select([
          'appointment_clients.appointment_id',
          'appointment_clients.status',
          'clients.first_name',
          'clients.last_name',
        ])
        .where((eb) => eb.and([clients(eb), eb('appointment_clients.appointment_id', 'in', ids)]))
        .orderBy('appointment_clients.position')
        .execute()
    : [];
  const present = (a: (typeof todays)[number]): AgendaItem => {
    const theirs = people.filter((p) => p.appointment_id === a.id);
    const coming = theirs.filter((p) => p.status !== 'cancelled');
    return {
      ...a,
      clients: coming.map((p) => [p.first_name, p.last_name].filter(Boolean).join(' ')),
      cancelled: theirs.length > 0 && coming.length === 0,
    };
  };
  return { today: todays.map(present), next: next.map(present) };
}
