import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Accounts: subscription state and credits on the user, email verification, trashed users, impersonation on
 * sessions, password reset tokens, the email outbox, rate-limit counters and affiliate codes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  for (const [name, type, build] of [
    ['email_verified_at', 'varchar(32)', null],
    ['ends_at', 'varchar(32)', null],
    ['subscription_ended_at', 'varchar(32)', null],
    ['has_incomplete_payment', 'integer', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)],
    ['addons', 'varchar(255)', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]')],
    ['stage', 'varchar(16)', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('trial')],
    ['billing_interval', 'varchar(16)', null],
    ['sms_credits', 'integer', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)],
    ['email_credits', 'integer', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)],
    ['settings', 'text', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('{}')],
    ['affiliate_code', 'varchar(32)', null],
    ['referred_by', 'integer', null],
    ['deleted_at', 'varchar(32)', null],
  ] as const) {
    await db.schema
      .alterTable('users')
      .addColumn(name, type, build ?? ((c) => c))
      .execute();
  }
  await db.schema.createIndex('users_affiliate_code').unique().on('users').column('affiliate_code').execute();

  await db.schema.alterTable('sessions').addColumn('impersonator_id', 'integer').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull().defaultTo('email'))
    .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('sent'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_user').on('outbox').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
}
