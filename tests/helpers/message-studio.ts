import type { Insertable } from 'kysely';
import { nowIso } from '../../src/server/db/database';
import type { ClientsTable } from '../../src/server/db/tables/catalogue';
import { appendCredits } from '../../src/server/features/credits/ledger';
import { withOwnerLock } from '../../src/server/core/owner-lock';
import { loggedIn, type TestApp } from './app';

const HOUR = 3_600_000;

/** A logged-in owner with credits, a client reachable both ways and an appointment `startsIn` from now, booked days ago. */
export async function messageStudio(
  t: TestApp,
  options: { sms?: number; email?: number; startsIn?: number; bookedAgo?: number; phone?: string } = {},
) {
  const { agent, user } = await loggedIn(t.app);
  const db = t.app.db;
  await withOwnerLock(db, t.app.dialect, user.id, async (trx) => {
    for (const [type, amount] of [
      ['sms', options.sms ?? 10],
      ['email', options.email ?? 10],
    ] as const)
      if (amount) await appendCredits(trx, { userId: user.id, type, kind: 'admin', bucket: 'bought', amount });
  });
  const now = nowIso();
  const client = await insertClient(t, user.id, {
    first_name: 'Mia',
    last_name: 'Stone',
    email: 'mia@example.com',
    phone: options.phone ?? '+447700900123',
  });
  const service = await db
    .insertInto('services')
    .values({
      user_id: user.id,
      title: 'Colour',
      colour: '#123456',
      price: 4000,
      duration: 60,
      archived_at: null,
      description: null,
      online_booking: 0,
      deposit_amount: null,
      booking_question: null,
      multipart: 0,
      public_id: null,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const start = new Date(Date.now() + (options.startsIn ?? 24 * HOUR - 30 * 60_000));
  const booked = new Date(Date.now() - (options.bookedAgo ?? 3 * 24 * HOUR)).toISOString();
  const appointment = await db
    .insertInto('appointments')
    .values({
      user_id: user.id,
      series_id: null,
      type: 'service',
      service_id: service.id,
      title: null,
      date: start.toISOString().slice(0, 10),
      start_time: start.toISOString().slice(11, 16),
      end_time: new Date(start.getTime() + HOUR).toISOString().slice(11, 16),
      duration: 60,
      all_day: 0,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + HOUR).toISOString(),
      price: 4000,
      discounted_amount: null,
      location_type: null,
      location_id: null,
      address: null,
      zoom: 0,
      notes: null,
      created_at: booked,
      updated_at: booked,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('appointment_clients')
    .values({ appointment_id: appointment.id, client_id: client.id, status: 'pending', position: 0 })
    .execute();
  return { agent, user, clientId: client.id, appointmentId: appointment.id };
}

/** A client of `userId` who takes reminders and marketing unless told otherwise. */
export async function insertClient(
  t: TestApp,
  userId: number,
  fields: Partial<Insertable<ClientsTable>> & { first_name: string },
): Promise<{ id: number }> {
  const now = nowIso();
  return t.app.db
    .insertInto('clients')
    .values({
      user_id: userId,
      last_name: null,
      email: null,
      phone: null,
      birthday: null,
      notes: null,
      address_1: null,
      address_2: null,
      city: null,
      state: null,
      post_code: null,
      billing_address: null,
      email_reminders: 1,
      sms_reminders: 1,
      marketing_messages: 1,
      opt_out: 0,
      archived_at: null,
      last_appointment_date: null,
      main_photo: null,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
