import { defaultCalendarSettings } from '../../domain/calendar-settings';
import { todayIn } from '../../domain/dates';
import { newToken } from '../infra/crypto';
import type { Db, Dialect } from '../db/database';
import { nowIso } from '../db/database';
import { seedDiary } from './appointments';
import { demoClient } from './clients';
import { settleVisits } from './ledger';
import { rng } from './random';

/** Two plain services, each one blocked part of its own length (spec §5). */
async function seedPlainServices(db: Db, ownerId: number): Promise<void> {
  const now = nowIso();
  const services = [
    { title: 'Haircut', colour: '#1976d2', price: 3000, duration: 45 },
    { title: 'Free consultation', colour: '#388e3c', price: 0, duration: 15 },
  ];
  for (const s of services) {
    const row = await db
      .insertInto('services')
      // `as never`: the services table's type (db/tables) lacks created_at and updated_at.
      .values({
        ...s,
        user_id: ownerId,
        description: null,
        deposit_amount: null,
        booking_question: null,
        multipart: 0,
        online_booking: 0,
        public_id: newToken(12),
        archived_at: null,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('service_parts')
      .values({ service_id: row.id, position: 0, title: null, duration: s.duration, blocked: 1 })
      .execute();
  }
}

/**
 * A smaller history for the other owners: the lite owner a dozen clients, three past weeks and one coming, the
 * read-only owner (whose subscription ended 30 days ago) a month of appointments before it ended; both with the
 * plain services and their appointments mostly settled at the till, the latest few still owed.
 */
export async function seedSmallOwners(db: Db, dialect: Dialect, currency: string): Promise<void> {
  const today = todayIn(defaultCalendarSettings('GB').time_zone);
  const owners = [
    { email: 'lite@demo.test', clients: 12, from: -21, to: 7, seed: 7 },
    { email: 'readonly@demo.test', clients: 0, from: -60, to: -31, seed: 11 },
  ];
  for (const o of owners) {
    const user = await db.selectFrom('users').select('id').where('email', '=', o.email).executeTakeFirst();
    if (!user) continue;
    if (o.clients)
      await db
        .insertInto('clients')
        .values(Array.from({ length: o.clients }, (_, i) => demoClient(i + 20, user.id, nowIso())))
        .execute();
    await seedPlainServices(db, user.id);
    const visits = await seedDiary(db, dialect, user.id, {
      seed: o.seed,
      from: o.from,
      to: o.to,
      currency,
      online: 0,
      privateTime: false,
    });
    await settleVisits({ db, dialect, ownerId: user.id, currency, today }, visits, rng(o.seed), { recentDays: 7 });
  }
}
