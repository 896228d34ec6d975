import { sql, type Kysely } from 'kysely';

/**
 * Every client's `last_appointment_date` from their appointments (the latest not cancelled), as the app keeps it
 * from now on (features/appointments/client-history.ts); dates no appointment stands behind are cleared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update clients set last_appointment_date = (
    select max(appointments.date) from appointments
    inner join appointment_clients on appointment_clients.appointment_id = appointments.id
    where appointment_clients.client_id = clients.id and appointment_clients.status <> 'cancelled'
  )`.execute(db);
}
