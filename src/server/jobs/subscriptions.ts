import type { Db } from '../db/database';
import { RETENTION_DAYS, daysAfter, stageAt } from '../../domain/subscription';
import { dyn } from '../engine/resource-repository';
import type { SchemaRegistry } from '../engine/schema-registry';

export interface CheckResult {
  staged: number;
  deleted: number;
}

/**
 * The scheduled subscription check (spec §4). At `now` it
 *  - moves every account to the stage its dates put it in (trial, subscriber, gracePeriod, unsubscriber, lapsed),
 *    marking a paid subscription that has run out as expired with the day it ended;
 *  - deletes the data of accounts whose paid subscription ended more than 90 days ago, and trashes the account.
 * Each account changes in its own transaction; the check can run on any process at any time and repeat safely.
 */
export async function runSubscriptionCheck(db: Db, registry: SchemaRegistry, now = new Date()): Promise<CheckResult> {
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

  // Owner-scoped tables, from the resource schemas: whatever resources exist, their rows go. Appointments first:
  // they point at services and clients.
  const owned = [...registry.resources.values()].filter((r) => r.meta.crud !== false && r.meta.owner);
  const cutoff = daysAfter(now, -RETENTION_DAYS).toISOString();
  const expired = await db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('subscription_ended_at', 'is not', null)
    .where('subscription_ended_at', '<=', cutoff)
    .execute();
  for (const { id } of expired) {
    await db.transaction().execute(async (trx) => {
      // The money ledger first (its rows are never updated, so none is left pointing at a deleted client).
      await trx.deleteFrom('payments').where('user_id', '=', id).execute();
      await trx.deleteFrom('checkouts').where('user_id', '=', id).execute();
      for (const r of owned) {
        for (const child of Object.values(r.meta.children ?? {})) {
          await dyn(trx)
            .deleteFrom(child.table)
            .where(child.foreignKey, 'in', dyn(trx).selectFrom(r.meta.table).select('id').where(r.meta.owner!, '=', id))
            .execute();
        }
        await dyn(trx).deleteFrom(r.meta.table).where(r.meta.owner!, '=', id).execute();
      }
      // Tables of hand-written features (their child rows go by cascade).
      await trx.deleteFrom('appointments').where('user_id', '=', id).execute();
      await trx.deleteFrom('appointment_series').where('user_id', '=', id).execute();
      await trx.deleteFrom('outbox').where('user_id', '=', id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      await trx
        .updateTable('users')
        .set({ deleted_at: now.toISOString(), updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    });
  }
  return { staged, deleted: expired.length };
}
