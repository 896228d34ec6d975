import type { Db } from '../../db/database';
import type { AppointmentInput } from '../../../domain/generated/appointments';
import type { Filter } from '../../engine/resource-repository';
import { presentAppointments } from './present';

/**
 * The caller's appointments from one day to another (both included), in time order and the API's shape; `limit`
 * caps a long range.
 */
export async function appointmentsBetween(db: Db, allowed: Filter, from: string, to: string, limit?: number) {
  let q = db
    .selectFrom('appointments')
    .selectAll()
    .where((eb) => eb.and([allowed(eb), eb('date', '>=', from), eb('date', '<=', to)]))
    .orderBy('starts_at');
  if (limit !== undefined) q = q.limit(limit);
  return presentAppointments(db, await q.execute());
}

/** One of the caller's appointments, in the API's shape; undefined when they may not see it. */
export async function appointmentOf(db: Db, allowed: Filter, id: number) {
  const row = await db
    .selectFrom('appointments')
    .selectAll()
    .where((eb) => eb.and([eb('appointments.id', '=', id), allowed(eb)]))
    .executeTakeFirst();
  return row && (await presentAppointments(db, [row]))[0];
}

/**
 * One of the caller's appointments as the input that writes it, with other clients (the calendar's change of
 * clients: this occurrence alone); undefined when they may not change it.
 */
export async function inputWithClients(
  db: Db,
  allowed: Filter,
  id: number,
  clientIds: number[],
): Promise<AppointmentInput | undefined> {
  const row = await db
    .selectFrom('appointments')
    .selectAll()
    .where((eb) => eb.and([eb('appointments.id', '=', id), allowed(eb)]))
    .executeTakeFirst();
  if (!row) return undefined;
  const [presented] = await presentAppointments(db, [row]);
  return {
    ...(presented as unknown as AppointmentInput),
    service_id: row.service_id,
    client_ids: clientIds,
    recurring: null,
  };
}
