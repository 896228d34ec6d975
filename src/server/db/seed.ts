import type { TFunction } from 'i18next';
import { hashPassword } from '../infra/passwords';
import type { Db, Dialect } from './database';
import { nowIso } from './database';
import { DEMO_USERS, DEMO_PASSWORD } from './seed-accounts';
import { seedBookableServices } from './seed-catalogue';
import { demoClient } from './seed-clients';
import { seedOwnerHistory } from './seed-history';
import { seedSmallOwners } from './seed-small-owners';

/** The demo accounts' currency (the demo owner works in the UK). */
export const DEMO_CURRENCY = 'GBP';

/**
 * Adds the demo accounts, about 50 clients and, for the demo owner, about six months of history and two coming
 * weeks (appointments, classes, payments, sales, refunds); the lite and read-only owners a few weeks. Once: an
 * existing database is left alone.
 */
export async function seedDemoData(db: Db, dialect: Dialect, t: TFunction): Promise<void> {
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
  await seedOwnerHistory(db, dialect, owner.id, DEMO_CURRENCY, t);
  await seedSmallOwners(db, dialect, DEMO_CURRENCY);
}
