import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The embedded job queue (used when no Redis is configured): one row per job, kept after it ran so that a job
 * added again under the same key (`key`, unique) is not run twice. A worker claims a row by setting it `active`
 * with a lease (`locked_until`) and a token; a worker that dies leaves the lease to run out and another takes the
 * job again. A failed run goes back to `waiting` with a later `run_at` until `max_attempts`, then stays `failed`.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('jobs')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(191)', (c) => c.unique())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('lock_token', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
}
