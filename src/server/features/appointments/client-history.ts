import type { Db } from '../../db/database';

/**
 * A client's `last_appointment_date`: the latest date of their appointments that were not cancelled (coming ones
 * included, so a booking shows at once). Recomputed whenever an appointment of theirs is created, moved, changed,
 * deleted or marked, online bookings included, so it stays true without a job.
 */
export async function refreshLastAppointment(trx: Db, clientIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return;
  await trx
    .updateTable('clients')
    .set((eb) => ({
      last_appointment_date: eb
        .selectFrom('appointments')
        .innerJoin('appointment_clients', 'appointment_clients.appointment_id', 'appointments.id')
        .select((s) => s.fn.max<string>('appointments.date').as('last'))
        .whereRef('appointment_clients.client_id', '=', 'clients.id')
        .where('appointment_clients.status', '!=', 'cancelled'),
    }))
    .where('id', 'in', ids)
    .execute();
}

/** The clients of the appointments a delete is about to remove (before the cascade forgets them). */
export async function clientsOfAppointments(
  trx: Db,
  where: { id: number } | { seriesId: number; from: string },
): Promise<number[]> {
  let appointments = trx.selectFrom('appointments').select('id');
  appointments =
    'id' in where
      ? appointments.where('id', '=', where.id)
      : appointments.where('series_id', '=', where.seriesId).where('date', '>=', where.from);
  const rows = await trx
    .selectFrom('appointment_clients')
    .select('client_id')
    .where('appointment_id', 'in', appointments)
    .execute();
  return rows.map((r) => r.client_id);
}
