import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Appointments: one row per occurrence (a recurring series shares a series row), its clients with their
 * attendance, and the spans during which the owner is taken (blocked parts), which overlap checks read.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('appointment_series')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('frequency', 'varchar(16)', (c) => c.notNull())
    .addColumn('interval', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (c) => c.references('appointment_series.id').onDelete('set null'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.references('services.id').onDelete('set null'))
    .addColumn('title', 'varchar(255)')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discounted_amount', 'integer')
    .addColumn('location_type', 'varchar(16)')
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('address', 'varchar(1000)')
    .addColumn('zoom', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointments_owner_time').on('appointments').columns(['user_id', 'starts_at']).execute();
  await db.schema.createIndex('appointments_series').on('appointments').column('series_id').execute();

  await db.schema
    .createTable('appointment_clients')
    .addColumn('id', serial, pk)
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('appointment_clients_unique', ['appointment_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('appointment_blocks')
    .addColumn('id', serial, pk)
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appointment_blocks_owner_time')
    .on('appointment_blocks')
    .columns(['user_id', 'starts_at'])
    .execute();
}
