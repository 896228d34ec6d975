import type { FastifyRequest } from 'fastify';
import type { AppAbility } from '../../../permissions/defineAbilityFor';
import { prepared, type Db } from '../db/database';

/** The owner's figure version, which the database raises on every write their sums are made of (migration 0039). */
const versionOf = prepared((db: Db, owner: number) =>
  db.selectFrom('figure_versions').select('version').where('user_id', '=', owner),
);

/** Answers kept per caller's ability (one per user and rule set: `infra/abilities.ts`); the oldest goes first. */
const PER_CALLER = 32;
const kept = new WeakMap<Db, WeakMap<AppAbility, Map<string, { version: number; answer: unknown }>>>();

/**
 * What `compute` answers the signed-in caller for `key` (which must name everything the answer depends on besides
 * the owner's data: the route, the period, the owner's today), kept in this process while the owner's figure version
 * is unchanged — the dashboard, analytics and net income, read again only after something they sum was written,
 * whichever process wrote it. Kept per caller's ability, so no answer reaches a caller with other rules or another
 * owner. The version is read (on `db`, the writing connection) before `compute` reads the figures, so a write
 * between the two leaves an answer newer than its version: computed again next time, never served stale.
 */
export async function keptFigures<T>(db: Db, req: FastifyRequest, key: string, compute: () => Promise<T>): Promise<T> {
  const [row] = await versionOf(db, req.user!.id);
  const version = row?.version ?? 0;
  let callers = kept.get(db);
  if (!callers) kept.set(db, (callers = new WeakMap()));
  let answers = callers.get(req.ability);
  if (!answers) callers.set(req.ability, (answers = new Map()));
  const hit = answers.get(key);
  if (hit?.version === version) return hit.answer as T;
  const answer = await compute();
  answers.delete(key);
  if (answers.size >= PER_CALLER) answers.delete(answers.keys().next().value!);
  answers.set(key, { version, answer });
  return answer;
}
