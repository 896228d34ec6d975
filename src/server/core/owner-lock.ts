import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';

/**
 * Serialises writes per owner, so the overlap check and the insert cannot interleave with another request's, in
 * this process or another: PostgreSQL locks the owner's row until the transaction ends; on SQLite every
 * transaction begins immediate (the database's single write lock, see db/database.ts).
 */
export async function lockOwner(trx: Db, ctx: { dialect: Dialect; ownerId: number }): Promise<void> {
  if (ctx.dialect === 'postgres') await sql`select id from users where id = ${ctx.ownerId} for update`.execute(trx);
}

/**
 * Runs `work` in a transaction holding the owner's lock, so that balances read inside it stay true until it
 * commits (the user row locked on PostgreSQL; SQLite runs one writing transaction at a time).
 */
export function withOwnerLock<T>(db: Db, dialect: Dialect, userId: number, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: userId });
    return work(trx);
  });
}
