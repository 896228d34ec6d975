import { nowIso, type Db } from '../../db/database';
import { sha256 } from '../../infra/crypto';

/** One of the owner's clients as their marketing opt-out reads, or undefined. */
export const ownClientOptOut = (db: Db, ownerId: number, id: number) =>
  db
    .selectFrom('clients')
    .select(['id', 'user_id', 'opt_out'])
    .where('id', '=', id)
    .where('user_id', '=', ownerId)
    .executeTakeFirst();

/** Sets a client's opt-out; marketing messages follow it (opted out: none). */
export async function setOptOut(db: Db, ownerId: number, clientId: number, optOut: 0 | 1): Promise<void> {
  await db
    .updateTable('clients')
    .set({ opt_out: optOut, marketing_messages: optOut ? 0 : 1, updated_at: nowIso() })
    .where('id', '=', clientId)
    .where('user_id', '=', ownerId)
    .execute();
}

/** The message an unsubscribe token names (only its hash is stored), with the business it came from. */
export const messageOfToken = (db: Db, token: string) =>
  db
    .selectFrom('outbox as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.client_id', 'o.user_id', 'u.first_name', 'u.last_name', 'u.locale'])
    .where('o.unsubscribe_hash', '=', sha256(token))
    .executeTakeFirst();
