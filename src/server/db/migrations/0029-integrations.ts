import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Owners' own integrations (spec §2 `/account-setup/integrations`): at most one card-payment provider (Stripe
 * Connect, Square or LiqPay) and one video-meeting provider (Zoom) per owner, each with the account it opens, its
 * state (connected, or needing to be connected again because the provider no longer accepts it), and its secrets —
 * OAuth tokens or LiqPay's private key — sealed with AES-256-GCM (never stored or sent as plain text). An appointment
 * or a class session with Zoom keeps its meeting's id and join link.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('integrations')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('public_key', 'varchar(255)')
    .addColumn('secrets', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('integrations_owner_kind')
    .unique()
    .on('integrations')
    .columns(['user_id', 'kind'])
    .execute();
  await db.schema.createIndex('integrations_account').on('integrations').columns(['provider', 'account_id']).execute();
  await db.schema.createIndex('integrations_public_key').on('integrations').columns(['public_key']).execute();
  for (const table of ['appointments', 'class_sessions']) {
    await db.schema.alterTable(table).addColumn('zoom_meeting_id', 'varchar(64)').execute();
    await db.schema.alterTable(table).addColumn('zoom_join_url', 'varchar(1000)').execute();
  }
}
