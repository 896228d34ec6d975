import crypto from 'node:crypto';
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Online booking: the owner's page slug, services' public ids (the public page never takes internal ids),
 * verification codes and the verified-client sessions they open, slot holds, and payments (deposits).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const owner = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema.alterTable('users').addColumn('booking_slug', 'varchar(64)').execute();
  await db.schema.createIndex('users_booking_slug').on('users').column('booking_slug').unique().execute();

  await db.schema.alterTable('services').addColumn('public_id', 'varchar(24)').execute();
  await db.schema
    .alterTable('services')
    .addColumn('at_client_place', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const services = await sql<{ id: number }>`select id from services`.execute(db);
  for (const s of services.rows)
    await sql`update services set public_id = ${crypto.randomBytes(12).toString('base64url')} where id = ${s.id}`.execute(
      db,
    );
  await db.schema.createIndex('services_public_id').on('services').column('public_id').unique().execute();
  await db.schema.alterTable('classes').addColumn('public_id', 'varchar(24)').execute();
  const classes = await sql<{ id: number }>`select id from classes`.execute(db);
  for (const c of classes.rows)
    await sql`update classes set public_id = ${crypto.randomBytes(12).toString('base64url')} where id = ${c.id}`.execute(
      db,
    );
  await db.schema.createIndex('classes_public_id').on('classes').column('public_id').unique().execute();
  await db.schema.alterTable('class_session_clients').addColumn('manage_token_hash', 'varchar(64)').execute();
  for (const table of ['gift_vouchers', 'packages']) {
    await db.schema.alterTable(table).addColumn('public_id', 'varchar(24)').execute();
    const rows = await sql<{ id: number }>`select id from ${sql.table(table)}`.execute(db);
    for (const r of rows.rows)
      await sql`update ${sql.table(table)} set public_id = ${crypto.randomBytes(12).toString('base64url')} where id = ${r.id}`.execute(
        db,
      );
    await db.schema.createIndex(`${table}_public_id`).on(table).column('public_id').unique().execute();
  }

  await db.schema
    .alterTable('appointments')
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('manual'))
    .execute();
  await db.schema.alterTable('appointments').addColumn('manage_token_hash', 'varchar(64)').execute();
  await db.schema.alterTable('outbox').addColumn('type', 'varchar(16)').execute();

  await db.schema
    .createTable('booking_codes')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('destination', 'varchar(255)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('booking_sessions')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('destination', 'varchar(255)', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('slot_holds')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('booking_session_id', 'integer', (c) =>
      c.notNull().references('booking_sessions.id').onDelete('cascade'),
    )
    /** What is held: a service's time, or a seat in a class session. */
    .addColumn('service_id', 'integer', (c) => c.references('services.id').onDelete('cascade'))
    .addColumn('class_session_id', 'integer', (c) => c.references('class_sessions.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
    /** JSON array of the blocked spans ([start, end] ISO pairs) the hold takes. */
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('held'))
    .addColumn('deposit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('details', 'text')
    .addColumn('payment_ref', 'varchar(255)')
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('slot_holds_owner_time').on('slot_holds').columns(['user_id', 'starts_at']).execute();
  await db.schema.createIndex('slot_holds_payment').on('slot_holds').column('payment_ref').execute();
  await db.schema.createIndex('slot_holds_session').on('slot_holds').column('class_session_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)')
    .addColumn('provider_ref', 'varchar(255)')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('payments_provider_ref', ['provider', 'provider_ref'])
    .execute();
  await db.schema.createIndex('payments_appointment').on('payments').column('appointment_id').execute();

  // Buying a gift voucher or a package online: the purchase (reserved while the client pays), then what was sold.
  await db.schema
    .createTable('online_purchases')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('booking_session_id', 'integer', (c) =>
      c.notNull().references('booking_sessions.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('gift_voucher_id', 'integer', (c) => c.references('gift_vouchers.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (c) => c.references('packages.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('paying'))
    .addColumn('payment_ref', 'varchar(255)')
    .addColumn('details', 'text')
    .addColumn('sale_id', 'integer')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('online_purchases_payment').on('online_purchases').column('payment_ref').execute();

  await db.schema
    .createTable('voucher_sales')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('gift_voucher_id', 'integer', (c) => c.notNull().references('gift_vouchers.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('amount_left', 'integer', (c) => c.notNull())
    .addColumn('expires_on', 'varchar(10)')
    .addColumn('recipient_name', 'varchar(255)')
    .addColumn('message', 'varchar(1000)')
    .addColumn('manage_token_hash', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('voucher_sales_code', ['user_id', 'code'])
    .execute();

  await db.schema
    .createTable('package_sales')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('expires_on', 'varchar(10)')
    .addColumn('manage_token_hash', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
