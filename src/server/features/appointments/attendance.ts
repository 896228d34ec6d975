import type { Db } from '../../db/database';
import type { Filter } from '../../engine/resource-repository';
import { refreshLastAppointment } from './client-history';

/**
 * Sets one client's attendance of one of the caller's appointments. Says `missing` when the caller may not change
 * it, `notAClient` when the client is not one of its clients.
 */
export async function setAttendance(
  db: Db,
  allowed: Filter,
  id: number,
  clientId: number,
  status: string,
): Promise<'done' | 'missing' | 'notAClient'> {
  const row = await db
    .selectFrom('appointments')
    .select('id')
    .where((eb) => eb.and([eb('appointments.id', '=', id), allowed(eb)]))
    .executeTakeFirst();
  if (!row) return 'missing';
  const res = await db
    .updateTable('appointment_clients')
    .set({ status })
    .where('appointment_id', '=', id)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return 'notAClient';
  await refreshLastAppointment(db, [clientId]);
  return 'done';
}
