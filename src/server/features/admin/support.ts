import { subject } from '@casl/ability';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { currencyOf } from '../../../domain/currency';
import { addDays } from '../../../domain/dates';
import { toUtc } from '../../../domain/availability/zoned-time';
import { stageAt } from '../../../domain/subscription';
import { writeAudit } from '../../core/admin-audit';
import { lockOwner } from '../../core/owner-lock';
import type { Db, Dialect } from '../../db/database';
import { nowIso } from '../../db/database';
import { DomainError, invalid, notFound } from '../../infra/domain-error';
import { spendResetLinks } from '../auth';

/**
 * The support console's changes to one user (spec §6, admin abilities), each with its audit row in the same
 * transaction: a new password, the trial's last day, the account balance, every session ended, the account deleted.
 * A user who does not exist, or is deleted, is a 404.
 */

/** The user an admin changes, locked for the transaction (PostgreSQL; SQLite has one writer), or a 404. */
async function targetUser(trx: Db, dialect: Dialect, id: number) {
  await lockOwner(trx, { dialect, ownerId: id });
  const user = await trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

const sessionsOf = async (trx: Db, id: number): Promise<number> =>
  Number(
    (
      await trx
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A new password for the user: their reset links are spent and every device of theirs is signed out. */
export async function setUserPassword(db: Db, dialect: Dialect, id: number, hash: string, adminId: number) {
  await db.transaction().execute(async (trx) => {
    await targetUser(trx, dialect, id);
    const sessions = await sessionsOf(trx, id);
    await trx.updateTable('users').set({ password_hash: hash, updated_at: nowIso() }).where('id', '=', id).execute();
    await spendResetLinks(trx, id);
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    // Never the hash: that the password changed, and the sessions it ended.
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'password_changed',
      before: { sessions },
      after: { sessions: 0 },
    });
  });
}

/**
 * The trial's last day (YYYY-MM-DD, a day of the owner's time zone): the trial runs to the end of it. Only an account
 * that does not pay for a plan has a trial; a day already past ends the trial at once.
 */
export async function setTrialEnd(db: Db, dialect: Dialect, id: number, lastDay: string, adminId: number) {
  return db.transaction().execute(async (trx) => {
    const user = await targetUser(trx, dialect, id);
    if (user.is_admin || user.is_affiliate) throw invalid('trial_ends_at', 'admin.trialOwnersOnly');
    if (user.subscription_status === 'active' || user.subscription_status === 'canceled')
      throw invalid('trial_ends_at', 'admin.trialWhilePaying');
    const zone = calendarSettingsOf({ settings: JSON.parse(user.settings || '{}'), region: user.region }).time_zone;
    const ends = new Date(toUtc(zone, addDays(lastDay, 1), 0)).toISOString();
    const fields = {
      plan_name: user.plan_name,
      subscription_status: 'trialing',
      trial_ends_at: ends,
      ends_at: user.ends_at,
      subscription_ended_at: null,
      has_incomplete_payment: false,
      addons: [],
    };
    const stage = stageAt(fields, new Date());
    await trx
      .updateTable('users')
      .set({
        subscription_status: 'trialing',
        trial_ends_at: ends,
        subscription_ended_at: null,
        stage,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'trial_set',
      before: { trial_ends_at: user.trial_ends_at, stage: user.stage },
      after: { trial_ends_at: ends, stage },
    });
    return { trial_ends_at: ends, stage };
  });
}

/**
 * Changes the account balance by `amount` minor units (a minus sign subtracts, spec §5) in the balance's currency —
 * the owner's region's until it first holds money. It never goes below zero.
 */
export async function changeBalance(db: Db, dialect: Dialect, id: number, amount: number, adminId: number) {
  return db.transaction().execute(async (trx) => {
    const user = await targetUser(trx, dialect, id);
    if (user.is_admin || user.is_affiliate) throw invalid('amount', 'admin.balanceOwnersOnly');
    const currency = user.balance_currency ?? currencyOf(user);
    const balance = user.balance + amount;
    if (balance < 0) throw invalid('amount', 'admin.balanceBelowZero', { balance: user.balance, currency });
    if (balance > 2_147_483_647)
      throw invalid('amount', 'validation.max_numeric', { field: 'amount', max: 2_147_483_647 });
    await trx
      .updateTable('users')
      .set({ balance, balance_currency: currency, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'balance_changed',
      before: { balance: user.balance, currency },
      after: { balance, currency },
    });
    return { balance, currency };
  });
}

/** Signs the user out of every device. */
export async function endSessions(db: Db, dialect: Dialect, id: number, adminId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await targetUser(trx, dialect, id);
    const sessions = await sessionsOf(trx, id);
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'sessions_ended',
      before: { sessions },
      after: { sessions: 0 },
    });
    return sessions;
  });
}

/**
 * Deletes the user (kept as trashed: the trashed list shows them; their data goes with the 90-day rule) and signs
 * them out everywhere. `allowed` answers whether the admin's rules let them delete this user (never an admin).
 */
export async function deleteUser(
  db: Db,
  dialect: Dialect,
  id: number,
  adminId: number,
  allowed: (user: { id: number; is_admin: boolean; is_affiliate: boolean }) => boolean,
) {
  await db.transaction().execute(async (trx) => {
    const user = await targetUser(trx, dialect, id);
    const target = { id, is_admin: Boolean(user.is_admin), is_affiliate: Boolean(user.is_affiliate) };
    if (!allowed(target))
      throw new DomainError(403, 'errors.forbidden', {}, undefined, {
        permission: { action: 'delete', subject: subject('User', target) },
      });
    const at = nowIso();
    await trx.updateTable('users').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'user_deleted',
      before: { deleted_at: null },
      after: { deleted_at: at },
    });
  });
}
