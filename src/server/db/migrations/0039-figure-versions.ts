import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { createVersions, type VersionSource } from './0038-availability-versions';

const own = (row: 'new' | 'old') => `${row}.user_id`;

/**
 * `figure_versions`: a number per owner that the database raises whenever anything the dashboard, analytics and net
 * income sum is written — the ledger's and the expenses' sums, the visit sums, appointments and their clients (the
 * agenda), a client's or a service's name, the owner's credits and settings. Those answers are kept per caller in
 * each process while the number is unchanged (`core/kept-figures.ts`), whichever process or route wrote.
 */
const SOURCES: VersionSource[] = [
  ...['payment_days', 'payment_months', 'service_income', 'expense_months', 'expenses'].map((table) => ({
    table,
    owner: own,
  })),
  ...['visit_days', 'visit_hours', 'client_months', 'appointments'].map((table) => ({ table, owner: own })),
  {
    table: 'appointment_clients',
    owner: (row) => `(select a.user_id from appointments a where a.id = ${row}.appointment_id)`,
  },
  { table: 'clients', owner: own, events: ['update'], updateOf: ['first_name', 'last_name'] },
  { table: 'services', owner: own, events: ['update'] },
  {
    table: 'users',
    owner: (row) => `${row}.id`,
    events: ['update'],
    updateOf: ['sms_credits', 'email_credits', 'settings', 'region'],
  },
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createVersions(db, dialect, 'figure_versions', SOURCES);
}
