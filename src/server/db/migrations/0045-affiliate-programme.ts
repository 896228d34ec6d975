import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * The affiliate programme (spec §3): `affiliate_settings`, one row an affiliate — what they earn on each payment their
 * referred owners make (a fixed amount or a percent) and the discount those owners get — and `affiliate_payouts`,
 * one append-only row each time an admin pays an affiliate what is owed. A kept payment now says what it paid for
 * (`kind`: a plan, or a bundle of credits — LiqPay's bundle orders are `sb-…`), since only plan payments earn.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const money = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  await db.schema
    .createTable('affiliate_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('fixed_amount', 'integer', money)
    .addColumn('fixed_discount_amount', 'integer', money)
    .addColumn('percent_amount', 'integer', money)
    .addColumn('percent_discount_amount', 'integer', money)
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('affiliate_payouts')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('affiliate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('paid_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('subscription_payments')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('plan'))
    .execute();
  await sql`update subscription_payments set kind = 'bundle' where order_id like 'sb-%'`.execute(db);
  await db.schema
    .createIndex('affiliate_payouts_affiliate')
    .on('affiliate_payouts')
    .columns(['affiliate_id', 'created_at'])
    .execute();
}
