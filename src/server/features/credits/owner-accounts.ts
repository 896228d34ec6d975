import type { Db, Dialect } from '../../db/database';
import { writeAudit } from '../../core/admin-audit';
import { withOwnerLock } from '../../core/owner-lock';
import { appendCredits, balanceOf, takeCredits } from './ledger';

/** An owner's account (never an admin's, an affiliate's or a deleted one) as the admin's credit changes need it. */
export const ownerAccount = (db: Db, id: number) =>
  db
    .selectFrom('users')
    .select(['id', 'region'])
    .where('id', '=', id)
    .where('is_admin', '=', 0)
    .where('is_affiliate', '=', 0)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * Sets an owner's SMS balance as an admin: the difference is an `admin` row of the ledger (added as bought credits,
 * or taken plan credits first), never an edit; the admin's audit row holds the balance before and after.
 */
export async function setSmsBalance(db: Db, dialect: Dialect, id: number, wanted: number, adminId: number) {
  await withOwnerLock(db, dialect, id, async (trx) => {
    const before = await balanceOf(trx, id, 'sms');
    const diff = wanted - before;
    const entry = { userId: id, type: 'sms' as const, kind: 'admin' as const, note: `admin ${adminId}` };
    if (diff > 0) await appendCredits(trx, { ...entry, bucket: 'bought', amount: diff });
    // Never short: the balance taken to is at least 0.
    else if (diff < 0) await takeCredits(trx, { ...entry, amount: -diff });
    const after = await balanceOf(trx, id, 'sms');
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'sms_set',
      before: { sms_credits: before },
      after: { sms_credits: after },
    });
  });
}

/**
 * Opens marketing to an owner whatever their plan, or closes it again, with the admin's audit row; false when there
 * is no such owner.
 */
export async function setMarketingAvailable(db: Db, id: number, on: boolean, adminId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('users')
      .select('marketing_available')
      .where('id', '=', id)
      .where('is_admin', '=', 0)
      .where('is_affiliate', '=', 0)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!owner) return false;
    await trx
      .updateTable('users')
      .set({ marketing_available: on ? 1 : 0, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'marketing_access',
      before: { marketing_available: Boolean(owner.marketing_available) },
      after: { marketing_available: on },
    });
    return true;
  });
}
