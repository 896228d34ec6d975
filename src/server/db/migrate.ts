import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { Dialect } from './database';
import * as initial from './migrations/0001-initial';
import * as accounts from './migrations/0002-accounts';
import * as catalogue from './migrations/0003-catalogue';
import * as classAttendees from './migrations/0004-class-attendees';
import * as appointments from './migrations/0005-appointments';
import * as onlineBooking from './migrations/0006-online-booking';
import * as phonesE164 from './migrations/0007-phones-e164';
import * as packageQuantities from './migrations/0008-package-quantities';
import * as lastAppointmentDates from './migrations/0009-last-appointment-dates';
import * as serviceDefaultPart from './migrations/0010-service-default-part';
import * as ledger from './migrations/0011-ledger';
import * as sales from './migrations/0012-sales';
import * as ledgerReads from './migrations/0013-ledger-reads';
import * as ledgerMonths from './migrations/0014-ledger-months';
import * as classSeatLedger from './migrations/0015-class-seat-ledger';
import * as expenses from './migrations/0016-expenses';
import * as invoices from './migrations/0017-invoices';
import * as expenseMonths from './migrations/0018-expense-months';
import * as saleCancel from './migrations/0019-sale-cancel';
import * as billing from './migrations/0020-billing';
import * as credits from './migrations/0021-credits';
import * as promoCodes from './migrations/0022-promo-codes';
import * as subscriptionPayments from './migrations/0023-subscription-payments';
import * as liqpayPendingOrder from './migrations/0024-liqpay-pending-order';
import * as jobs from './migrations/0025-jobs';
import * as messages from './migrations/0026-messages';
import * as marketing from './migrations/0027-marketing';
import * as creditPlanIndex from './migrations/0028-credit-plan-index';
import * as integrations from './migrations/0029-integrations';
import * as goals from './migrations/0030-goals';
import * as visitSums from './migrations/0031-visit-sums';
import * as serviceIncome from './migrations/0032-service-income';
import * as dataExports from './migrations/0033-data-exports';
import * as visitDayColumns from './migrations/0034-visit-day-columns';
import * as oneManualExport from './migrations/0035-one-manual-export';
import * as redemptionsNotIncome from './migrations/0036-redemptions-not-income';
import * as partRefunds from './migrations/0037-part-refunds';
import * as availabilityVersions from './migrations/0038-availability-versions';
import * as figureVersions from './migrations/0039-figure-versions';
import * as bell from './migrations/0040-bell';
import * as apiTokens from './migrations/0041-api-tokens';
import * as adminSupport from './migrations/0042-admin-support';
import * as uiOverlays from './migrations/0043-ui-overlays';
import * as uiAudit from './migrations/0044-ui-audit';
import * as affiliateProgramme from './migrations/0045-affiliate-programme';
import * as jobRequestIds from './migrations/0046-job-request-ids';
import * as onboarding from './migrations/0047-onboarding';
import * as marketingRequests from './migrations/0048-marketing-requests';
import * as checkoutDiscounts from './migrations/0049-checkout-discounts';
import * as voucherPeriods from './migrations/0050-voucher-periods';
import * as classSeries from './migrations/0051-class-series';
import * as ownerCurrency from './migrations/0052-owner-currency';
import * as stockDays from './migrations/0053-stock-days';
import * as ownerCountry from './migrations/0054-owner-country';
import * as ledgerFigureVersion from './migrations/0055-ledger-figure-version';

/** The explicit list of migrations, in order. Each gets the dialect for the few type names that differ. */
const MIGRATIONS: Record<string, { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> }> = {
  '0001-initial': initial,
  '0002-accounts': accounts,
  '0003-catalogue': catalogue,
  '0004-class-attendees': classAttendees,
  '0005-appointments': appointments,
  '0006-online-booking': onlineBooking,
  '0007-phones-e164': phonesE164,
  '0008-package-quantities': packageQuantities,
  '0009-last-appointment-dates': lastAppointmentDates,
  '0010-service-default-part': serviceDefaultPart,
  '0011-ledger': ledger,
  '0012-sales': sales,
  '0013-ledger-reads': ledgerReads,
  '0014-ledger-months': ledgerMonths,
  '0015-class-seat-ledger': classSeatLedger,
  '0016-expenses': expenses,
  '0017-invoices': invoices,
  '0018-expense-months': expenseMonths,
  '0019-sale-cancel': saleCancel,
  '0020-billing': billing,
  '0021-credits': credits,
  '0022-promo-codes': promoCodes,
  '0023-subscription-payments': subscriptionPayments,
  '0024-liqpay-pending-order': liqpayPendingOrder,
  '0025-jobs': jobs,
  '0026-messages': messages,
  '0027-marketing': marketing,
  '0028-credit-plan-index': creditPlanIndex,
  '0029-integrations': integrations,
  '0030-goals': goals,
  '0031-visit-sums': visitSums,
  '0032-service-income': serviceIncome,
  '0033-data-exports': dataExports,
  '0034-visit-day-columns': visitDayColumns,
  '0035-one-manual-export': oneManualExport,
  '0036-redemptions-not-income': redemptionsNotIncome,
  '0037-part-refunds': partRefunds,
  '0038-availability-versions': availabilityVersions,
  '0039-figure-versions': figureVersions,
  '0040-bell': bell,
  '0041-api-tokens': apiTokens,
  '0042-admin-support': adminSupport,
  '0043-ui-overlays': uiOverlays,
  '0044-ui-audit': uiAudit,
  '0045-affiliate-programme': affiliateProgramme,
  '0046-job-request-ids': jobRequestIds,
  '0047-onboarding': onboarding,
  '0048-marketing-requests': marketingRequests,
  '0049-checkout-discounts': checkoutDiscounts,
  '0050-voucher-periods': voucherPeriods,
  '0051-class-series': classSeries,
  '0052-owner-currency': ownerCurrency,
  '0053-stock-days': stockDays,
  '0054-owner-country': ownerCountry,
  '0055-ledger-figure-version': ledgerFigureVersion,
};

/** The migrator over this app's list, its bookkeeping in the connection's own schema on PostgreSQL. */
async function migratorFor(db: Kysely<unknown>, dialect: Dialect): Promise<Migrator> {
  const migrations: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(MIGRATIONS)) migrations[name] = { up: (d) => m.up(d, dialect) };
  // On PostgreSQL the bookkeeping tables live in the connection's own schema (several apps may share a server).
  const schema =
    dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
}

/**
 * Brings the database up to date; throws with the failing migration's error. However many processes start at once,
 * one migrates and the others wait, then find nothing to do: on PostgreSQL the migrator holds an advisory lock (and
 * runs the set in one transaction); on a SQLite file, whose migrator takes no lock, the whole run is one
 * `begin immediate` transaction on the raw connection `sqlite` (the database's write lock, which every other process's
 * connection waits for).
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect, sqlite?: SqliteHandle): Promise<void> {
  const migrator = await migratorFor(db, dialect);
  if (dialect === 'postgres' || !sqlite) {
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    return;
  }
  await writeLock(sqlite);
  try {
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    sqlite.exec('commit');
  } catch (err) {
    if (sqlite.inTransaction) sqlite.exec('rollback');
    throw err;
  }
}

/** The names of the migrations this code has that the database has not run (none: the schema is current). */
export async function pendingMigrations(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const migrations = await (await migratorFor(db, dialect)).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}

/** What of better-sqlite3's connection the lock needs. */
export interface SqliteHandle {
  exec(source: string): unknown;
  readonly inTransaction: boolean;
}

/** How long a process waits for another's migrations before giving up (the app's start allows two minutes). */
const LOCK_WAIT_MS = 110_000;

/**
 * Takes the SQLite file's write lock. Each try waits the connection's busy timeout (5 s) inside SQLite; another
 * process migrating may hold the lock for longer, so tries repeat until `LOCK_WAIT_MS`.
 */
async function writeLock(sqlite: SqliteHandle): Promise<void> {
  const end = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      sqlite.exec('begin immediate');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
