import { compiledPer, type Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/** A user who is not deleted, by email address (as typed in lower case), or undefined. */
export const activeUserByEmail = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'password_hash', 'locale'])
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** What a user's email verification link is made of (verificationToken), with where it is sent and in which language. */
export const verifyingUser = (db: Db, id: number) =>
  db.selectFrom('users').select(['id', 'email', 'password_hash', 'locale']).where('id', '=', id).executeTakeFirst();

/** Marks the user's email address verified (once: a second visit of the link changes nothing). */
export async function markEmailVerified(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** The active (not archived) locations the caller may read, by title, at most 200; compiled once per filter. */
export const activeLocations = compiledPer((db: Db, mine: Filter) =>
  db
    .selectFrom('locations')
    .select(['id', 'title', 'address_1', 'city', 'post_code'])
    .where(mine)
    .where('archived_at', 'is', null)
    .orderBy('title')
    .limit(200),
);
