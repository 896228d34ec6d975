import type { AffiliateSettings } from '../../../domain/affiliate-earnings';
import { writeAudit } from '../../core/admin-audit';
import { affiliateEarnings, affiliateSettingsOf } from '../../core/affiliate-earnings';
import { lockOwner } from '../../core/owner-lock';
import type { Db, Dialect } from '../../db/database';
import { nowIso } from '../../db/database';
import { DomainError, notFound } from '../../infra/domain-error';

/**
 * An admin's side of the affiliate programme (spec §3, §6): an affiliate's settings — what they earn and the discount
 * their referred owners get — and paying them what is owed. Each change writes its audit row in its transaction.
 */

/** The affiliate's names (a user flagged so, not deleted), or undefined. */
const affiliateRow = (db: Db, id: number) =>
  db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', id)
    .where('is_affiliate', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** The affiliate, locked for the transaction on PostgreSQL, or a 404. */
async function affiliate(trx: Db, dialect: Dialect, id: number) {
  await lockOwner(trx, { dialect, ownerId: id });
  if (!(await affiliateRow(trx, id))) throw notFound();
}

/** Whether `id` is an affiliate's account, not deleted. */
export async function isAffiliate(db: Db, id: number): Promise<boolean> {
  return Boolean(await affiliateRow(db, id));
}

/** An affiliate an admin adds (`create` makes the account), with the audit row of who added them: both or neither. */
export async function addAffiliate(db: Db, adminId: number, create: (trx: Db) => Promise<number>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await create(trx);
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'affiliate_added',
      before: null,
      after: { is_affiliate: true },
    });
    return id;
  });
}

/** The affiliate's settings and earnings, for their page in the admin area. */
export async function affiliateAccount(db: Db, id: number, currency: string) {
  const row = await affiliateRow(db, id);
  if (!row) throw notFound();
  const [settings, earnings] = await Promise.all([affiliateSettingsOf(db, id), affiliateEarnings(db, id, currency)]);
  return { ...row, ...settings, ...earnings };
}

/** New settings for the affiliate, with the audit of what they were. */
export async function setAffiliateSettings(
  db: Db,
  dialect: Dialect,
  id: number,
  input: AffiliateSettings,
  adminId: number,
): Promise<void> {
  const settings: AffiliateSettings = {
    fixed_amount: input.fixed_amount,
    fixed_discount_amount: input.fixed_discount_amount,
    percent_amount: input.percent_amount,
    percent_discount_amount: input.percent_discount_amount,
  };
  await db.transaction().execute(async (trx) => {
    await affiliate(trx, dialect, id);
    const before = await affiliateSettingsOf(trx, id);
    await trx
      .insertInto('affiliate_settings')
      .values({ user_id: id, ...settings, updated_at: nowIso() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...settings, updated_at: nowIso() }))
      .execute();
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'affiliate_settings',
      before: { ...before },
      after: { ...settings },
    });
  });
}

/**
 * Pays the affiliate everything owed now (a payout row of that amount), or refuses (422) when nothing is owed. Under
 * the affiliate's lock, so two admins paying at once pay once.
 */
export async function payAffiliate(db: Db, dialect: Dialect, id: number, currency: string, adminId: number) {
  return db.transaction().execute(async (trx) => {
    await affiliate(trx, dialect, id);
    const { owed, paid } = await affiliateEarnings(trx, id, currency);
    if (owed <= 0) throw new DomainError(422, 'admin.nothingOwed');
    await trx
      .insertInto('affiliate_payouts')
      .values({
        affiliate_id: id,
        amount: owed,
        currency: currency.toLowerCase(),
        paid_by: adminId,
        created_at: nowIso(),
      })
      .execute();
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'affiliate_paid',
      before: { owed, paid },
      after: { owed: 0, paid: paid + owed },
    });
    return { amount: owed, currency: currency.toLowerCase() };
  });
}
