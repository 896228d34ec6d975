import { offsetAt } from '../../../domain/availability/zoned-time';
import type { Db, Dialect } from '../../db/database';
import { invalid, notFound } from '../../infra/domain-error';
import { calendarOf } from '../availability';
import { writeHold } from './holds';
import { onlineSeats, seatsTaken } from '../../core/class-seats';
import { bookableClassRows, sessionStart } from './offerings';
import type { PublicOwner } from './owner';
import type { BookingSession } from './sessions';

/**
 * Holds a seat in a class session for a verified client, like a time: the count and the insert share one
 * transaction under the owner's write lock, so a session can never be over-booked online.
 */
export async function placeClassHold(
  db: Db,
  dialect: Dialect,
  owner: PublicOwner,
  session: BookingSession,
  classId: string,
  date: string,
  startTime: string,
) {
  const c = (await bookableClassRows(db, owner)).find((x) => x.public_id === classId);
  if (!c) throw notFound('booking.notOffered');
  const row = await db
    .selectFrom('class_sessions')
    .select(['id'])
    .where('class_id', '=', c.id)
    .where('date', '=', date)
    .where('start_time', '=', startTime)
    .executeTakeFirst();
  const start = sessionStart(owner, date, startTime);
  if (!row || start < Date.now() + calendarOf(owner.user).settings.min_notice_minutes * 60_000)
    throw invalid('start', 'booking.slotTaken');
  const deposit = owner.settings.deposit_mode === 'full' ? c.price : 0;
  const hold = {
    service_id: null,
    class_session_id: row.id,
    date,
    start_time: startTime,
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + c.duration * 60_000).toISOString(),
    blocks: '[]',
    deposit,
  };
  const { token, expires_at } = await writeHold(db, dialect, owner, session, hold, async (trx) => {
    if (session.client_id) {
      const already = await trx
        .selectFrom('class_session_clients')
        .select('id')
        .where('session_id', '=', row.id)
        .where('client_id', '=', session.client_id)
        .executeTakeFirst();
      if (already) throw invalid('start', 'booking.alreadyBooked');
    }
    if ((await seatsTaken(trx, row.id, null)) >= onlineSeats(c)) throw invalid('start', 'booking.classFull');
  });
  const end = new Date(start + c.duration * 60_000 + offsetAt(calendarOf(owner.user).settings.time_zone, start))
    .toISOString()
    .slice(11, 16);
  return {
    token,
    expires_at,
    date,
    start_time: startTime,
    end_time: end,
    service: { id: c.public_id!, title: c.title, price: c.price, duration: c.duration },
    deposit,
  };
}
