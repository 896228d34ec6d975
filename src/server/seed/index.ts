import type { TFunction } from 'i18next';
import { hashPassword } from '../infra/passwords';
import type { Db, Dialect } from '../db/database';
import { nowIso } from '../db/database';
import { DEMO_USERS, DEMO_PASSWORD } from './accounts';
import { seedBookableServices } from './catalogue';
import { demoClient } from './clients';
import { seedCredits } from './credits';
import { seedMessages } from './messages';
import { seedMarketing } from './marketing';
import { seedGoals } from './goals';
import { DEFAULT_EXPORT_SETTINGS } from '../features/data-export/settings';
import { calendarSettingsOf } from '../../domain/calendar-settings';
import { seedOwnerHistory } from './history';
import { seedSmallOwners } from './small-owners';
import { seedAffiliateProgramme, seedOwnerReferral } from './affiliates';

/** The demo accounts' currency (the demo owner works in the UK). */
export const DEMO_CURRENCY = 'GBP';

/**
 * Adds the demo accounts, about 50 clients and, for the demo owner, about six months of history and two coming
 * weeks (appointments, classes, payments, sales, refunds); the lite and read-only owners a few weeks. Once: an
 * existing database is left alone.
 */
export async function seedDemoData(
  db: Db,
  dialect: Dialect,
  t: TFunction,
  appUrl = 'http://localhost:3000',
): Promise<void> {
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
    .select(['id', 'settings', 'region'])
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirstOrThrow();
  await seedOwnerHistory(db, dialect, owner.id, DEMO_CURRENCY, t);
  await seedSmallOwners(db, dialect, DEMO_CURRENCY);
  await seedAffiliateProgramme(db, DEMO_CURRENCY);
  await seedOwnerReferral(db, owner.id);
  await seedCredits(db, { id: owner.id, smsPerMonth: 200, months: 6, seed: 7 });
  await seedMessages(db, owner.id, t);
  await seedMarketing(db, owner.id, t, appUrl);
  const zone = calendarSettingsOf({
    settings: JSON.parse(owner.settings) as Record<string, unknown>,
    region: owner.region,
  });
  await seedGoals(db, owner.id, zone.time_zone);
  // Export information: an archive each month, emailed; the hourly look makes this month's when the app starts.
  const current = await db.selectFrom('users').select('settings').where('id', '=', owner.id).executeTakeFirstOrThrow();
  const exportInformation = { ...DEFAULT_EXPORT_SETTINGS, automatic: true };
  await db
    .updateTable('users')
    .set({ settings: JSON.stringify({ ...JSON.parse(current.settings || '{}'), exportInformation }) })
    .where('id', '=', owner.id)
    .execute();
  const lite = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'lite@demo.test')
    .executeTakeFirstOrThrow();
  await seedCredits(db, { id: lite.id, smsPerMonth: 0, months: 2, seed: 11 });
  await db
    .insertInto('promo_codes')
    .values(DEMO_PROMO_CODES.map((p) => ({ ...p, created_at: now, updated_at: now })))
    .execute();
}

/** The admin's promo codes in the demo: a welcome offer in use, a fixed amount off in hryvnia, one that expired. */
const DEMO_PROMO_CODES = [
  {
    code: 'WELCOME20',
    kind: 'percentage',
    value: 20,
    currency: null,
    duration_months: 3,
    expires_on: '2027-06-30',
    max_uses: 500,
    times_used: 37,
  },
  {
    code: 'KYIV150',
    kind: 'fixed',
    value: 15000,
    currency: 'uah',
    duration_months: 2,
    expires_on: null,
    max_uses: 100,
    times_used: 8,
  },
  {
    code: 'SPRING25',
    kind: 'percentage',
    value: 25,
    currency: null,
    duration_months: 1,
    expires_on: '2026-05-31',
    max_uses: null,
    times_used: 112,
  },
] as const;
