import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { ledgerOfSeats, statusOf } from '../../core/ledger';
import { notFound } from '../../infra/domain-error';

/** The class a request names, among those the caller's rules let it act on; a 404 otherwise. */
export async function classOf(db: Db, allowed: Filter, id: number) {
  const found = await db
    .selectFrom('classes')
    .select(['id', 'user_id', 'title', 'price', 'spaces', 'online_seat_limit', 'archived_at'])
    .where((eb) => eb.and([eb('classes.id', '=', id), allowed(eb)]))
    .executeTakeFirst();
  if (!found) throw notFound();
  return found;
}

/** One of the class's sessions; a 404 when the class has no such session. */
export async function sessionOf(db: Db, classId: number, sessionId: number) {
  const found = await db
    .selectFrom('class_sessions')
    .select(['id', 'date', 'start_time', 'series_id'])
    .where('id', '=', sessionId)
    .where('class_id', '=', classId)
    .executeTakeFirst();
  if (!found) throw notFound();
  return found;
}

/** How many sessions a read answers with at most (the coming ones, or the past ones, latest first). */
export const SESSIONS_READ = 100;

/**
 * A class's sessions in the owner's order — `coming` (from `today`, soonest first) or `past` (latest first) — or the
 * ones named by `ids`, each with its weekly pattern's end date and its attendees: their attendance and what each
 * seat has left to pay (the class's price less the seat's ledger rows, as the till reads it).
 */
export async function sessionsOf(
  db: Db,
  cls: { id: number; price: number },
  which: { when: 'coming' | 'past'; today: string } | { ids: number[] },
) {
  let query = db
    .selectFrom('class_sessions')
    .leftJoin('class_session_series as series', 'series.id', 'class_sessions.series_id')
    .select([
      'class_sessions.id',
      'class_sessions.date',
      'class_sessions.start_time',
      'class_sessions.series_id',
      'series.end_date as repeats_until',
    ])
    .where('class_sessions.class_id', '=', cls.id);
  if ('ids' in which) query = query.where('class_sessions.id', 'in', which.ids.length ? which.ids : [0]);
  else {
    const coming = which.when === 'coming';
    const direction = coming ? 'asc' : 'desc';
    query = query
      .where('class_sessions.date', coming ? '>=' : '<', which.today)
      .orderBy('class_sessions.date', direction)
      .orderBy('class_sessions.start_time', direction);
  }
  const sessions = await query.orderBy('class_sessions.id').limit(SESSIONS_READ).execute();
  const seats = sessions.length
    ? await db
        .selectFrom('class_session_clients as seat')
        .innerJoin('clients', 'clients.id', 'seat.client_id')
        .select([
          'seat.id as seat_id',
          'seat.session_id',
          'seat.attendance',
          'clients.id',
          'clients.first_name',
          'clients.last_name',
        ])
        .where(
          'seat.session_id',
          'in',
          sessions.map((s) => s.id),
        )
        .orderBy('seat.id')
        .execute()
    : [];
  const ledger = await ledgerOfSeats(
    db,
    seats.map((s) => s.seat_id),
  );
  return sessions.map((s) => ({
    ...s,
    clients: seats
      .filter((seat) => seat.session_id === s.id)
      .map(({ session_id: _session, ...seat }) => ({
        ...seat,
        ...statusOf({ price: cls.price, discounted_amount: null }, ledger.get(seat.seat_id)),
      })),
  }));
}

/** The class's sessions that have a Zoom meeting, read before a change (the meetings of sessions gone are ended). */
export const meetingsOf = (db: Db, classId: number) =>
  db
    .selectFrom('class_sessions')
    .innerJoin('classes', 'classes.id', 'class_sessions.class_id')
    .select(['class_sessions.id', 'classes.user_id', 'class_sessions.zoom_meeting_id'])
    .where('class_sessions.class_id', '=', classId)
    .where('class_sessions.zoom_meeting_id', 'is not', null)
    .execute();
