import { nowIso, type Db } from '../../db/database';

/** Claims a provider event for this delivery: false when another delivery already has it. */
export async function claimEvent(db: Db, event: { id: string; type: string }): Promise<boolean> {
  const claimed = await db
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Lets a claim go (acting on the event failed), so the provider's retry can act. */
export async function releaseEvent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('billing_events').where('id', '=', id).execute();
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The account a provider's customer is, or null when none is. */
export async function accountOfCustomer(db: Db, customerId: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('billing_customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.id ?? null;
}
