import type { Db } from '../../db/database';
import { toSessionUser, type SessionUser } from '../../infra/sessions';

/** A user who is not deleted, as a session would carry them, or null. */
export async function activeSessionUser(db: Db, id: number): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toSessionUser(row as unknown as Record<string, unknown>) : null;
}
