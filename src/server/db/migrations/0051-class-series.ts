import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Classes that repeat, and attendees by hand: a weekly pattern a class's sessions follow until an end date (a session
 * names the pattern it came from, so "this and later" can change them together), and each attendee's attendance.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('class_session_series')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('class_sessions')
    .addColumn('series_id', 'integer', (c) => c.references('class_session_series.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('class_sessions_series').on('class_sessions').columns(['series_id', 'date']).execute();
  await db.schema
    .alterTable('class_session_clients')
    .addColumn('attendance', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .execute();
}
