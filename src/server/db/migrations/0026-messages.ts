import type { Kysely } from 'kysely';

/**
 * Notification messages (spec §3: type, receiver, credits, delivery status) are outbox rows with what a message to a
 * client needs besides: the client, the credits it cost, a key that makes it happen once (`dedupe_key`, unique: a
 * reminder for one appointment, client, channel and lead time is one row however often it is asked for), the
 * provider's id for status callbacks, the error in words, and when its status last changed. Reminders are found
 * by start time across owners, hence the index on `starts_at` alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('dedupe_key', 'varchar(191)').execute();
  await db.schema.alterTable('outbox').addColumn('provider_ref', 'varchar(64)').execute();
  await db.schema.alterTable('outbox').addColumn('error', 'varchar(255)').execute();
  await db.schema.alterTable('outbox').addColumn('updated_at', 'varchar(32)').execute();
  await db.schema.createIndex('outbox_once').on('outbox').column('dedupe_key').unique().execute();
  await db.schema.createIndex('outbox_provider_ref').on('outbox').column('provider_ref').execute();
  await db.schema.createIndex('outbox_client').on('outbox').columns(['client_id', 'created_at']).execute();
  await db.schema.createIndex('appointments_starts_at').on('appointments').column('starts_at').execute();
}
