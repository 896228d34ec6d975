import type { Kysely } from 'kysely';

/**
 * Billing with a provider (Stripe Billing): on the user, the provider's customer and subscription, the end of the
 * period being paid (the next billing date) and a plan change waiting for it (a downgrade); `billing_events` holds
 * the provider events already handled, so a webhook delivered twice has one effect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [
    ['billing_customer_id', 'varchar(64)'],
    ['billing_subscription_id', 'varchar(64)'],
    ['current_period_end', 'varchar(32)'],
    ['pending_plan_name', 'varchar(64)'],
  ] as const)
    await db.schema.alterTable('users').addColumn(column, type).execute();
  await db.schema.createIndex('users_billing_customer').on('users').column('billing_customer_id').unique().execute();
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
