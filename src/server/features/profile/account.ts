import type { Db } from '../../db/database';
import { spendResetLinks } from '../auth';

/** Whether another user already has this email address. */
export async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Saves the user's details; a changed email address is not verified any more. */
export async function saveProfile(
  db: Db,
  userId: number,
  values: { first_name: string; last_name: string; email: string; locale: string },
  emailChanged: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...values,
      ...(emailChanged ? { email_verified_at: null } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function passwordHashOf(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password_hash;
}

/**
 * A new password: reset links already sent are spent and the user's other devices signed out (this session, the one
 * that changed it, carries on). All or nothing.
 */
export async function changePassword(db: Db, userId: number, hash: string, sessionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
    await spendResetLinks(trx, userId);
    await trx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', sessionId).execute();
  });
}

/** Marks the profile deleted and signs out every device. */
export async function deleteProfile(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
}
