import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/** Accounts, database sessions, clients and their locations. Types are portable across SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // An auto-numbered primary key in each dialect's own words.
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('users')
    .addColumn('id', serial, pk)
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_affiliate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_api_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plan_name', 'varchar(64)')
    .addColumn('subscription_status', 'varchar(32)', (c) => c.notNull().defaultTo('trialing'))
    .addColumn('trial_ends_at', 'varchar(32)')
    .addColumn('locale', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .addColumn('region', 'varchar(8)', (c) => c.notNull().defaultTo('GB'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(255)')
    .addColumn('email', 'varchar(255)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('notes', 'text')
    .addColumn('address_1', 'varchar(255)')
    .addColumn('address_2', 'varchar(255)')
    .addColumn('city', 'varchar(255)')
    .addColumn('state', 'varchar(255)')
    .addColumn('post_code', 'varchar(32)')
    .addColumn('billing_address', 'varchar(1000)')
    .addColumn('email_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sms_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('marketing_messages', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived_at', 'varchar(32)')
    .addColumn('last_appointment_date', 'varchar(10)')
    .addColumn('main_photo', 'varchar(1000)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The list query filters by owner and archive state and sorts by name: one index serves it.
  await db.schema
    .createIndex('clients_owner_list')
    .on('clients')
    .columns(['user_id', 'archived_at', 'first_name'])
    .execute();

  await db.schema
    .createTable('client_locations')
    .addColumn('id', serial, pk)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(255)')
    .addColumn('address_1', 'varchar(255)')
    .execute();
  await db.schema.createIndex('client_locations_client').on('client_locations').column('client_id').execute();
}
