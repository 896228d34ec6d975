import type { Db } from '../../db/database';
import { randomCode } from '../../infra/crypto';

/**
 * The affiliate's code, made now if they have none. A code is made once and kept; a clash with another code (unique
 * index) simply draws again, up to five times (then null).
 */
export async function affiliateCodeOf(db: Db, userId: number, current: string | null): Promise<string | null> {
  let code = current;
  for (let attempt = 0; !code && attempt < 5; attempt++) {
    const candidate = randomCode(8);
    const res = await db
      .updateTable('users')
      .set({ affiliate_code: candidate })
      .where('id', '=', userId)
      .where('affiliate_code', 'is', null)
      .executeTakeFirst()
      .catch(() => null);
    if (res && Number(res.numUpdatedRows) === 1) code = candidate;
    // Another request of this affiliate made the code meanwhile: that one is theirs.
    else
      code =
        (await db.selectFrom('users').select('affiliate_code').where('id', '=', userId).executeTakeFirst())
          ?.affiliate_code ?? null;
  }
  return code;
}

/** The stages of the users an affiliate referred, one a user. */
export async function referredStages(db: Db, affiliateId: number): Promise<string[]> {
  const rows = await db.selectFrom('users').select(['stage']).where('referred_by', '=', affiliateId).execute();
  return rows.map((r) => r.stage);
}
