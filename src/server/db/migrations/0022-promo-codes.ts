import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Promo codes (spec §2 admin promo codes, §3 Subscription: promo code discount and duration): an admin's code, a
 * percentage or a fixed amount (minor units of `currency`) off the plan for `duration_months`, usable until
 * `expires_on` and at most `max_uses` times (`times_used` counts, raised only while below). Deleting one keeps it
 * (deleted_at) so the discounts given stay explained. `promo_redemptions` is an owner's use of a code: once each,
 * with the subscription it discounted and when the discount ends.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('promo_codes')
    .addColumn('id', id, pk)
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)')
    .addColumn('duration_months', 'integer', (c) => c.notNull())
    .addColumn('expires_on', 'varchar(10)')
    .addColumn('max_uses', 'integer')
    .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promo_codes_code').on('promo_codes').column('code').unique().execute();
  await db.schema
    .createTable('promo_redemptions')
    .addColumn('id', id, pk)
    .addColumn('promo_code_id', 'integer', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'varchar(64)')
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promo_redemptions_once')
    .on('promo_redemptions')
    .columns(['promo_code_id', 'user_id'])
    .unique()
    .execute();
}
