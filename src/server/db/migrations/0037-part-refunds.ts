import { sql, type Kysely } from 'kysely';

/**
 * A payment may be refunded in parts, each a row of its own naming it in `refund_of`: the index on `refund_of` no
 * longer refuses a second refund row of a payment (migration 0013 made it unique). Refunding more than is left of a
 * payment is refused by the refund itself, which reads what is left under the owner's lock. The index stays, to find
 * a payment's refunds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_refund_of').execute();
  await sql`create index payments_refund_of on payments (refund_of) where refund_of is not null`.execute(db);
}
