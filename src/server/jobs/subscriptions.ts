import type { Db } from '../db/database';
import { RETENTION_DAYS, daysAfter, stageAt } from '../../domain/subscription';
import { eraseAccount } from './erase-account';

export interface CheckResult {
  staged: number;
  deleted: number;
}

/**
 * The scheduled subscription check (spec §4). At `now` it
 *  - moves every account to the stage its dates put it in (trial, subscriber, gracePeriod, unsubscriber, lapsed),
 *    marking a paid subscription that has run out as expired with the day it ended;
 *  - erases the accounts whose paid subscription ended 90 days ago or more (eraseAccount: their data, the files
 *    they uploaded to `uploadsDir`, their name and email), and trashes them.
 * Each account changes in its own transaction; the check can run on any process at any time and repeat safely.
 */
export async function runSubscriptionCheck(
  db: Db,
  now = new Date(),
  uploadsDir: string | null = null,
): Promise<CheckResult> {
  const users = await db
    .selectFrom('users')
    .select([
      'id',
      'plan_name',
      'subscription_status',
      'trial_ends_at',
      'ends_at',
      'subscription_ended_at',
      'has_incomplete_payment',
      'addons',
      'stage',
    ])
    .where('deleted_at', 'is', null)
    .where('is_admin', '=', 0)
    .where('is_affiliate', '=', 0)
    .execute();
  let staged = 0;
  for (const u of users) {
    const fields = { ...u, has_incomplete_payment: u.has_incomplete_payment === 1, addons: [] };
    const stage = stageAt(fields, now);
    const ended =
      stage === 'unsubscriber' && !u.subscription_ended_at ? (u.ends_at ?? now.toISOString()) : u.subscription_ended_at;
    if (stage === u.stage && ended === u.subscription_ended_at) continue;
    await db
      .updateTable('users')
      .set({
        stage,
        subscription_ended_at: ended,
        ...(stage === 'unsubscriber' ? { subscription_status: 'expired' } : {}),
        updated_at: now.toISOString(),
      })
      .where('id', '=', u.id)
      .execute();
    staged++;
  }

  const cutoff = daysAfter(now, -RETENTION_DAYS).toISOString();
  const expired = await db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('subscription_ended_at', 'is not', null)
    .where('subscription_ended_at', '<=', cutoff)
    .execute();
  for (const { id } of expired) await eraseAccount(db, id, uploadsDir, now);
  return { staged, deleted: expired.length };
}
