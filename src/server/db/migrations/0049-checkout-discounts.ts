import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * A checkout may take one of the owner's saved discounts (spec §4: ongoing, one time, fixed period): the checkout
 * names it, so a one-time discount is known to be used by a client.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('checkouts')
    .addColumn('discount_id', 'integer', (c) => c.references('discounts.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('checkouts_discount_client')
    .on('checkouts')
    .columns(['discount_id', 'client_id'])
    .execute();
}
