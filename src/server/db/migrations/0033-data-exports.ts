import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Export information (spec §3, §6): each archive an owner asked for ("export now") or their automatic export made —
 * its parts, format, state and, once ready, the zip itself. The archive is kept in the database so any process can
 * serve what a worker wrote; housekeeping deletes archives after a month. An automatic export carries the period it
 * is for (`week:2026-11-23`, `month:2026-11`), unique per owner, so a period is exported once whatever runs twice.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('data_exports')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('parts', 'text', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('delivery', 'varchar(16)', (c) => c.notNull())
    .addColumn('period_key', 'varchar(32)')
    .addColumn('file_name', 'varchar(120)')
    .addColumn('size', 'integer')
    .addColumn('archive', dialect === 'postgres' ? 'bytea' : 'blob')
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('data_exports_owner').on('data_exports').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('data_exports_period')
    .on('data_exports')
    .columns(['user_id', 'period_key'])
    .unique()
    .execute();
}
