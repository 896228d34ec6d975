import { hashPassword } from '../infra/passwords';
import type { Db, Dialect } from './database';
import { nowIso } from './database';
import { DEMO_USERS, DEMO_PASSWORD } from './seed-accounts';
import { seedDemoDiary } from './seed-appointments';
import { seedBookableServices } from './seed-catalogue';
import { demoClient } from './seed-clients';

/** Adds the demo accounts, about 50 clients and a diary of appointments for the demo owner, once: an existing database is left alone. */
export async function seedDemoData(db: Db, dialect: Dialect): Promise<void> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirst();
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const u of DEMO_USERS) {
      await trx
        .insertInto('users')
        .values({
          ...u,
          password_hash: passwordHash,
          is_api_user: 0,
          trial_ends_at: null,
          locale: 'en',
          region: 'GB',
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const owner = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_USERS[0].email)
      .executeTakeFirstOrThrow();
    const clients = Array.from({ length: 50 }, (_, i) => demoClient(i, owner.id, now));
    await trx.insertInto('clients').values(clients).execute();
    await seedBookableServices(trx, owner.id, now);
    const readOnly = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'readonly@demo.test')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('clients')
      .values(Array.from({ length: 5 }, (_, i) => demoClient(i + 7, readOnly.id, now)))
      .execute();
  });
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirstOrThrow();
  await seedDemoDiary(db, dialect, owner.id);
}
