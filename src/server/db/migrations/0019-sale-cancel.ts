import type { Kysely } from 'kysely';

/**
 * A sale nothing was paid for can be cancelled (`DELETE /sales/{id}`): it stays on record, marked with when and why,
 * and owes nothing from then on. A sale with payments is refunded instead, as rows in the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sales').addColumn('cancelled_at', 'varchar(32)').execute();
  await db.schema.alterTable('sales').addColumn('cancel_reason', 'varchar(255)').execute();
}
