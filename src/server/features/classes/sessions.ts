import { occurrenceDates } from '../../../domain/appointments';
import { addDays } from '../../../domain/dates';
import { sql } from 'kysely';
import { nowIso, type Db, type Dialect } from '../../db/database';
import { lockOwner } from '../../core/owner-lock';
import { invalid } from '../../infra/domain-error';

/** The most sessions a class has, as its record's `sessions` allows. */
export const MAX_SESSIONS = 200;
/** How far a weekly pattern reaches at most. */
const LONGEST_REPEAT_DAYS = 366;

export type Scope = 'this' | 'future';
export interface SessionTime {
  date: string;
  start_time: string;
  /** The last day of a weekly pattern: the session repeats every week on its weekday until then. */
  repeat_until?: string | null;
}
interface Caller {
  db: Db;
  dialect: Dialect;
  ownerId: number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The dates a session and its weekly pattern fall on, refused in words when the pattern ends before it starts. */
function datesOf(input: SessionTime): string[] {
  if (!input.repeat_until) return [input.date];
  if (input.repeat_until < input.date) throw invalid('repeat_until', 'classSessions.untilBeforeStart');
  if (daysBetween(input.date, input.repeat_until) > LONGEST_REPEAT_DAYS)
    throw invalid('repeat_until', 'classSessions.tooLong');
  return occurrenceDates(input.date, 'weekly', 1, input.repeat_until);
}

/** Inserts sessions at `dates` (those the class already has at that time are skipped), within the class's limit. */
async function insertSessions(trx: Db, classId: number, dates: string[], startTime: string, seriesId: number | null) {
  const taken = new Set(
    (
      await trx
        .selectFrom('class_sessions')
        .select('date')
        .where('class_id', '=', classId)
        .where('start_time', '=', startTime)
        .execute()
    ).map((s) => s.date),
  );
  const fresh = dates.filter((d) => !taken.has(d));
  const { n } = await trx
    .selectFrom('class_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  if (Number(n) + fresh.length > MAX_SESSIONS)
    throw invalid('repeat_until', 'classSessions.tooMany', { count: MAX_SESSIONS });
  if (fresh.length === 0) return [];
  const rows = await trx
    .insertInto('class_sessions')
    .values(fresh.map((date) => ({ class_id: classId, position: 0, date, start_time: startTime, series_id: seriesId })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Numbers a class's sessions in time order, the order its record lists them in. */
async function renumber(trx: Db, classId: number) {
  await sql`update class_sessions set position = (
      select count(*) from class_sessions s where s.class_id = class_sessions.class_id
        and (s.date < class_sessions.date or (s.date = class_sessions.date and (s.start_time < class_sessions.start_time
          or (s.start_time = class_sessions.start_time and s.id < class_sessions.id)))))
    where class_id = ${classId}`.execute(trx);
}

async function newSeries(trx: Db, classId: number, start: string, end: string) {
  const { id } = await trx
    .insertInto('class_session_series')
    .values({ class_id: classId, start_date: start, end_date: end, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Adds one session, or a weekly pattern of them until `repeat_until`. Says which sessions it made. */
export async function addSessions(caller: Caller, classId: number, input: SessionTime): Promise<number[]> {
  const dates = datesOf(input);
  return caller.db.transaction().execute(async (trx) => {
    await lockOwner(trx, caller);
    const series = input.repeat_until ? await newSeries(trx, classId, input.date, input.repeat_until) : null;
    const ids = await insertSessions(trx, classId, dates, input.start_time, series);
    if (ids.length === 0) throw invalid('date', 'classSessions.exists');
    await renumber(trx, classId);
    return ids;
  });
}

/** The sessions a scoped change reaches: this one, or this and the later ones of its pattern. */
async function reached(trx: Db, session: { id: number; date: string; series_id: number | null }, scope?: Scope) {
  if (session.series_id && !scope) throw invalid('scope', 'classSessions.scopeRequired');
  if (!session.series_id || scope === 'this') return [session.id];
  const later = await trx
    .selectFrom('class_sessions')
    .select('id')
    .where('series_id', '=', session.series_id)
    .where('date', '>=', session.date)
    .execute();
  return later.map((s) => s.id);
}

/** Refuses when any of the sessions has attendees: they are taken off (or moved) one by one first. */
async function refuseIfAttended(trx: Db, ids: number[], field: string) {
  const seat = await trx
    .selectFrom('class_session_clients')
    .select('id')
    .where('session_id', 'in', ids)
    .executeTakeFirst();
  if (seat) throw invalid(field, 'classSessions.hasAttendees');
}

/**
 * Moves a session, or this and the later sessions of its weekly pattern (by as many days as this one moves, all to
 * the new time; they then follow a pattern of their own, ending on `repeat_until` when given — later sessions beyond
 * it are removed, refused while any has attendees — and earlier ones end the day before). Attendees stay on their
 * sessions. Says which sessions it reached.
 */
export async function changeSessions(
  caller: Caller,
  classId: number,
  session: { id: number; date: string; series_id: number | null },
  input: SessionTime,
  scope?: Scope,
): Promise<number[]> {
  return caller.db.transaction().execute(async (trx) => {
    await lockOwner(trx, caller);
    const ids = await reached(trx, session, scope);
    const clash = await trx
      .selectFrom('class_sessions')
      .select('id')
      .where('class_id', '=', classId)
      .where('date', '=', input.date)
      .where('start_time', '=', input.start_time)
      .where('id', 'not in', ids)
      .executeTakeFirst();
    if (clash) throw invalid('date', 'classSessions.exists');
    if (!session.series_id || scope === 'this') {
      await trx
        .updateTable('class_sessions')
        .set({ date: input.date, start_time: input.start_time, series_id: null })
        .where('id', '=', session.id)
        .execute();
      await renumber(trx, classId);
      return [session.id];
    }
    const old = await trx
      .selectFrom('class_session_series')
      .select('end_date')
      .where('id', '=', session.series_id)
      .executeTakeFirstOrThrow();
    const shift = daysBetween(session.date, input.date);
    const until = input.repeat_until ?? addDays(old.end_date, shift);
    datesOf({ ...input, repeat_until: until });
    const series = await newSeries(trx, classId, input.date, until);
    const moving = await trx.selectFrom('class_sessions').select(['id', 'date']).where('id', 'in', ids).execute();
    for (const s of moving)
      await trx
        .updateTable('class_sessions')
        .set({ date: addDays(s.date, shift), start_time: input.start_time, series_id: series })
        .where('id', '=', s.id)
        .execute();
    await trx
      .updateTable('class_session_series')
      .set({ end_date: addDays(session.date, -1) })
      .where('id', '=', session.series_id)
      .execute();
    const beyond = moving.filter((s) => addDays(s.date, shift) > until).map((s) => s.id);
    if (beyond.length) {
      await refuseIfAttended(trx, beyond, 'repeat_until');
      await trx.deleteFrom('class_sessions').where('id', 'in', beyond).execute();
    }
    const last = moving.reduce((latest, s) => (s.date > latest ? s.date : latest), session.date);
    const more = occurrenceDates(input.date, 'weekly', 1, until).filter((d) => d > addDays(last, shift));
    const added = await insertSessions(trx, classId, more, input.start_time, series);
    await renumber(trx, classId);
    return [...ids.filter((id) => !beyond.includes(id)), ...added];
  });
}

/** Deletes a session, or it and the later ones of its pattern (which then ends the day before): none may have attendees. */
export async function deleteSessions(
  caller: Caller,
  session: { id: number; date: string; series_id: number | null },
  scope?: Scope,
): Promise<void> {
  await caller.db.transaction().execute(async (trx) => {
    await lockOwner(trx, caller);
    const ids = await reached(trx, session, scope);
    await refuseIfAttended(trx, ids, 'session');
    await trx.deleteFrom('class_sessions').where('id', 'in', ids).execute();
    if (session.series_id && scope === 'future')
      await trx
        .updateTable('class_session_series')
        .set({ end_date: addDays(session.date, -1) })
        .where('id', '=', session.series_id)
        .execute();
  });
}
