import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Payments for an owner's own plan that the app itself keeps (LiqPay in the UA deployment, which has no invoice list
 * to read back): each charge LiqPay reports, once (`payment_id` is LiqPay's), with its order, status and amount in
 * minor units — the subscription history of a UA owner. Stripe's invoices are read from Stripe instead.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('subscription_payments')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('paid_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_payments_once')
    .on('subscription_payments')
    .columns(['provider', 'payment_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('subscription_payments_owner')
    .on('subscription_payments')
    .columns(['user_id', 'paid_at'])
    .execute();
}
