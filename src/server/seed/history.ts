import type { TFunction } from 'i18next';
import { defaultCalendarSettings } from '../../domain/calendar-settings';
import { todayIn } from '../../domain/dates';
import type { Db, Dialect } from '../db/database';
import { seedDiary } from './appointments';
import { seedClassSessions } from './classes';
import { seedExpenses } from './expenses';
import { seedInvoices } from './invoices';
import { settleVisits, seedRefunds, seedStandalone, type LedgerOwner } from './ledger';
import { rng } from './random';
import { seedSales } from './sales';

/** How far back the demo owner's history goes, in days: a little over six months. */
export const HISTORY_DAYS = 190;

/**
 * The demo owner's past and coming weeks: the diary (services, the multipart colour, private time; online bookings
 * with deposits), the weekly class with its attendees, what was sold (products, gift vouchers and
 * their use, the package and its sessions), the till's checkouts on each appointment's day, a few payments with
 * nothing booked, a couple of refunds, what the business spent (rent, software, supplies…) and its invoices. Appointments are
 * made through the calendar's service, checkouts and refunds through the ledger's, expenses through theirs, each
 * dated the day it happened.
 */
export async function seedOwnerHistory(
  db: Db,
  dialect: Dialect,
  ownerId: number,
  currency: string,
  t: TFunction,
): Promise<void> {
  const today = todayIn(defaultCalendarSettings('GB').time_zone);
  const owner: LedgerOwner = { db, dialect, ownerId, currency, today };
  const visits = await seedDiary(db, dialect, ownerId, {
    seed: 42,
    from: -HISTORY_DAYS,
    to: 14,
    currency,
    online: 0.3,
    privateTime: true,
  });
  await seedClassSessions(owner, -HISTORY_DAYS, rng(5));
  const used = await seedSales(owner, visits, rng(13), 12);
  const checkouts = await settleVisits(owner, visits, rng(9), { recentDays: 12, skip: used });
  await seedStandalone(owner, visits, rng(17));
  await seedRefunds(owner, checkouts);
  await seedExpenses(owner, -HISTORY_DAYS, rng(21));
  await seedInvoices(owner, checkouts, t);
}
