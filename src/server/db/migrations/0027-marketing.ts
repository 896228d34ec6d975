import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Marketing campaigns (spec §3, §4): a message (email or SMS) with a name, subject and text, the filters that choose
 * its receivers (last visit after / before, a service they had, birthday month; never clients who opted out), and
 * its state — draft, scheduled (for `scheduled_at`), sending, sent or cancelled — with how many it reached and the
 * credits it spent. Each message of a campaign is an outbox row naming it (an email's with the hash of its unsubscribe
 * link's token), so the progress is a count. An admin can
 * open marketing to an owner whose plan lacks it (`users.marketing_available`).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('marketing_campaigns')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('send_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject', 'varchar(150)')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('last_visit_after', 'varchar(10)')
    .addColumn('last_visit_before', 'varchar(10)')
    .addColumn('service_id', 'integer', (c) => c.references('services.id').onDelete('set null'))
    .addColumn('birthday_month', 'varchar(2)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('scheduled_at', 'varchar(32)')
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('total_clients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits_spent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('marketing_campaigns_owner')
    .on('marketing_campaigns')
    .columns(['user_id', 'status', 'scheduled_at'])
    .execute();
  await db.schema
    .createIndex('marketing_campaigns_due')
    .on('marketing_campaigns')
    .columns(['status', 'scheduled_at'])
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('campaign_id', 'integer', (c) => c.references('marketing_campaigns.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('outbox_campaign').on('outbox').column('campaign_id').execute();
  // A marketing email's one-click unsubscribe link carries a token; only its hash is kept.
  await db.schema.alterTable('outbox').addColumn('unsubscribe_hash', 'varchar(64)').execute();
  await db.schema.createIndex('outbox_unsubscribe').on('outbox').column('unsubscribe_hash').unique().execute();
  await db.schema
    .alterTable('users')
    .addColumn('marketing_available', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
