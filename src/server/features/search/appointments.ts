import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { PER_KIND, type Found } from './found';

/**
 * The appointments and class sessions of the clients found (`clientIds`), within what the caller may read: the coming
 * ones first, soonest first, then the past, latest first. Each names its clients and its service or title.
 */
export async function findAppointments(
  db: Db,
  clientIds: number[],
  caller: { allowed: Filter; now: string },
): Promise<Found[]> {
  if (!clientIds.length) return [];
  const upcoming = sql`case when appointments.starts_at >= ${caller.now} then 0 else 1 end`;
  const rows = await db
    .selectFrom('appointments')
    .leftJoin('services', 'services.id', 'appointments.service_id')
    .where((eb) =>
      eb.and([
        caller.allowed(eb),
        eb(
          'appointments.id',
          'in',
          eb
            .selectFrom('appointment_clients')
            .select('appointment_clients.appointment_id')
            .where('appointment_clients.client_id', 'in', clientIds),
        ),
      ]),
    )
    .select([
      'appointments.id',
      'appointments.date',
      'appointments.start_time',
      'appointments.all_day',
      'appointments.title',
      'services.title as service',
    ])
    .orderBy(upcoming)
    .orderBy(sql`case when appointments.starts_at >= ${caller.now} then appointments.starts_at end`)
    .orderBy('appointments.starts_at', 'desc')
    .limit(PER_KIND)
    .execute();
  if (!rows.length) return [];
  const people = await db
    .selectFrom('appointment_clients')
    .innerJoin('clients', 'clients.id', 'appointment_clients.client_id')
    .where(
      'appointment_clients.appointment_id',
      'in',
      rows.map((r) => r.id),
    )
    .select(['appointment_clients.appointment_id', 'clients.first_name', 'clients.last_name'])
    .orderBy('appointment_clients.position')
    .execute();
  return rows.map((r) => {
    const names = people
      .filter((p) => p.appointment_id === r.id)
      .map((p) => `${p.first_name} ${p.last_name ?? ''}`.trim());
    const what = r.service ?? r.title ?? null;
    return {
      kind: 'appointments',
      id: r.id,
      title: names.length ? names.join(', ') : (what ?? ''),
      detail: names.length ? what : null,
      date: r.date,
      time: r.all_day ? null : r.start_time.slice(0, 5),
      amount: null,
      currency: null,
    };
  });
}
