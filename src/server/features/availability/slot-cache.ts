import { prepared, type Db } from '../../db/database';
import type { SessionUser } from '../../infra/sessions';
import { availabilityData, calendarOf, startsOf } from './availability';

const MINUTE = 60_000;
/** Answers kept per database in this process (owner × service × range); the oldest goes first. */
const LIMIT = 5_000;

/** The owner's availability version, which the database raises on every write their times are made of. */
const versionOf = prepared((db: Db, owner: number) =>
  db.selectFrom('availability_versions').select('version').where('user_id', '=', owner),
);

interface Kept {
  version: number;
  computedAt: number;
  /** When the first hold it counted lapses: its time is free again from then. */
  lapse: number;
  starts: number[];
  /** The same starts as the API writes them (ISO 8601, UTC), made once. */
  times: string[];
}
const kept = new WeakMap<Db, Map<string, Kept>>();

/**
 * The bookable starts of an owner's service between two dates (ISO 8601, UTC), as `bookableStarts` answers them, kept in this process
 * while the owner's availability version is unchanged (migration 0038: appointments, holds, classes, the service and
 * the owner's settings raise it, whichever process writes) and no hold it counted has lapsed. The version is read
 * before the calendar, so a write between the two leaves an answer that is newer than its version: read again next
 * time, never served stale. Time moving on only takes starts away (those now inside the owner's notice), so a kept
 * answer with those taken off is the answer computed now.
 */
export async function keptBookableTimes(
  db: Db,
  owner: Pick<SessionUser, 'id' | 'settings' | 'region'>,
  service: { id: number },
  from: string,
  to: string,
  now = Date.now(),
): Promise<string[]> {
  const [row] = await versionOf(db, owner.id);
  const version = row?.version ?? 0;
  let answers = kept.get(db);
  if (!answers) kept.set(db, (answers = new Map()));
  const key = `${owner.id}/${service.id}/${from}/${to}`;
  const hit = answers.get(key);
  if (hit && hit.version === version && now >= hit.computedAt && now < hit.lapse) {
    const earliest = now + calendarOf(owner).settings.min_notice_minutes * MINUTE;
    const first = hit.starts.findIndex((start) => start >= earliest);
    return first === 0 ? hit.times : first < 0 ? [] : hit.times.slice(first);
  }
  const data = await availabilityData(db, owner, service, from, to, now);
  const starts = startsOf(owner, data, from, to, now);
  answers.delete(key);
  if (answers.size >= LIMIT) answers.delete(answers.keys().next().value!);
  const times = starts.map((start) => new Date(start).toISOString());
  answers.set(key, { version, computedAt: now, lapse: data.holdsLapse, starts, times });
  return times;
}
