import { nowIso, type Db } from '../db/database';

/** Seats a session offers online: the class's online limit when it has one, else its spaces. */
export const onlineSeats = (c: { spaces: number; online_seat_limit: number | null }) =>
  Math.min(c.spaces, c.online_seat_limit ?? c.spaces);

/**
 * Seats taken in a class session: its attendees, and the live online holds other than `except`. Read under the
 * owner's lock (core/owner-lock.ts) by whoever then adds a seat — online or by hand — so two can never both take the
 * last one.
 */
export async function seatsTaken(trx: Db, sessionId: number, except: number | null) {
  const attendees = await trx
    .selectFrom('class_session_clients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  let holds = trx
    .selectFrom('slot_holds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_session_id', '=', sessionId)
    .where('status', 'in', ['held', 'paying'])
    .where('expires_at', '>', nowIso());
  if (except) holds = holds.where('id', '!=', except);
  return Number(attendees.n) + Number((await holds.executeTakeFirstOrThrow()).n);
}

/** Whether the client already holds a seat in the class session (an attendee, online or added by hand). */
export async function hasSeat(trx: Db, sessionId: number, clientId: number): Promise<boolean> {
  const seat = await trx
    .selectFrom('class_session_clients')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return seat !== undefined;
}
