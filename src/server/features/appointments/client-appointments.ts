import type { Db } from '../../db/database';
import type { Filter } from '../../engine/resource-repository';

/** Whether the caller may see this client (the rules' filter on clients). */
export async function clientVisible(db: Db, allowed: Filter, id: number): Promise<boolean> {
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where((eb) => eb.and([eb('clients.id', '=', id), allowed(eb)]))
    .executeTakeFirst();
  return client !== undefined;
}

/**
 * One page of a client's appointments the caller may see, newest first, each with this client's attendance
 * (`status`), and how many there are in all.
 */
export async function clientAppointmentPage(db: Db, allowed: Filter, clientId: number, page: number, perPage: number) {
  const base = db
    .selectFrom('appointment_clients')
    .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
    .where((eb) => eb.and([eb('appointment_clients.client_id', '=', clientId), allowed(eb)]));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('services', 'services.id', 'appointments.service_id')
    .select([
      'appointments.id',
      'appointments.date',
      'appointments.start_time',
      'appointments.end_time',
      'appointments.type',
      'appointments.price',
      'services.title as service',
      'appointment_clients.status',
    ])
    .orderBy('appointments.date', 'desc')
    .orderBy('appointments.start_time', 'desc')
    .orderBy('appointments.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows, total: Number(total) };
}
