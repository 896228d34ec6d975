import type { Db } from '../../db/database';

/** What names the owner's business and links its booking page in their messages: their name, settings and slug. */
export async function voiceOf(db: Db, ownerId: number) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'settings', 'booking_slug'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
}
