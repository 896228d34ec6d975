import type { Kysely } from 'kysely';

/**
 * Spending a credit asks what is left of the plan's credits (a sum over the owner's `plan` rows of the type): this
 * index answers it from the plan rows alone, in the index, instead of reading every ledger row of the owner — which
 * grew with each message sent, so a large campaign slowed as it went.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('credit_entries_plan')
    .on('credit_entries')
    .columns(['user_id', 'type', 'bucket', 'amount'])
    .execute();
}
