import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import type { Screen } from '../../engine/schema-registry';

/** Every tour step the screens declare, as stored: `<screen id>:<step id>` (`clients.list:search`). */
export function knownSteps(screens: Iterable<Screen>): string[] {
  const keys: string[] = [];
  for (const s of screens) for (const step of s.tour?.steps ?? []) keys.push(`${s.id}:${step.id}`);
  return keys;
}

/** The steps the caller has done, oldest first (`mine`: the caller's rules on Onboarding as a where-clause). */
export async function doneSteps(db: Db, mine: Filter): Promise<string[]> {
  const rows = await db
    .selectFrom('onboarding_steps')
    .select('step_id')
    .where(mine)
    .orderBy('created_at')
    .orderBy('step_id')
    .execute();
  return rows.map((r) => r.step_id);
}

/** Marks one step done for the user, once: a second mark changes nothing (spec §4: marked once and stays done). */
export async function markStep(db: Db, userId: number, stepId: string): Promise<void> {
  await db
    .insertInto('onboarding_steps')
    .values({ user_id: userId, step_id: stepId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'step_id']).doNothing())
    .execute();
}

/** Whether the user is an admin flagged `is_hidden_admin`, who sees every step as done. */
export async function seesAllDone(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['is_admin', 'is_hidden_admin'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.is_admin && row.is_hidden_admin);
}
