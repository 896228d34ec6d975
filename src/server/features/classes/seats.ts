import type { Db, Dialect } from '../../db/database';
import { nowIso } from '../../db/database';
import { hasSeat, seatsTaken } from '../../core/class-seats';
import { ledgerOfSeats } from '../../core/ledger';
import { lockOwner } from '../../core/owner-lock';
import type { Filter } from '../../engine/rules-to-sql';
import { invalid, notFound } from '../../infra/domain-error';

interface Caller {
  db: Db;
  dialect: Dialect;
  ownerId: number;
  /** The clients the caller may read: the only ones they may seat. */
  clients: Filter;
}

/**
 * Seats a client in a session by hand. The count of seats taken (attendees and live online holds) and the insert
 * share one transaction under the owner's lock, as an online booking's do, so the owner and a client online can never
 * both take the last space. The owner may fill every space; the online limit holds back seats for them only.
 */
export async function addSeat(caller: Caller, cls: { spaces: number }, sessionId: number, clientId: number) {
  await caller.db.transaction().execute(async (trx) => {
    await lockOwner(trx, caller);
    const client = await trx
      .selectFrom('clients')
      .select('id')
      .where((eb) => eb.and([eb('clients.id', '=', clientId), caller.clients(eb)]))
      .executeTakeFirst();
    if (!client) throw invalid('client_id', 'classSessions.unknownClient');
    if (await hasSeat(trx, sessionId, clientId)) throw invalid('client_id', 'classSessions.alreadyThere');
    if ((await seatsTaken(trx, sessionId, null)) >= cls.spaces) throw invalid('client_id', 'classSessions.sessionFull');
    await trx
      .insertInto('class_session_clients')
      .values({ session_id: sessionId, client_id: clientId, paid_amount: 0, created_at: nowIso() })
      .execute();
  });
}

/** The seat of a client in a session; a 404 when they are not on it. */
async function seatOf(db: Db, sessionId: number, clientId: number) {
  const seat = await db
    .selectFrom('class_session_clients')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!seat) throw notFound();
  return seat;
}

/**
 * Takes a client off a session. A seat with money kept on it is refused: its payment is refunded first (at the till,
 * or by cancelling the online booking), so the ledger never holds a payment for a seat that is gone.
 */
export async function removeSeat(caller: Caller, sessionId: number, clientId: number) {
  await caller.db.transaction().execute(async (trx) => {
    await lockOwner(trx, caller);
    const seat = await seatOf(trx, sessionId, clientId);
    const kept = (await ledgerOfSeats(trx, [seat.id])).get(seat.id)!.rows.reduce((sum, r) => sum + r.amount, 0);
    if (kept > 0) throw invalid('client_id', 'classSessions.seatPaid');
    await trx.deleteFrom('class_session_clients').where('id', '=', seat.id).execute();
  });
}

/** Sets a client's attendance of a session (pending, attended, cancelled or noShow, as for appointments). */
export async function setSeatAttendance(db: Db, sessionId: number, clientId: number, attendance: string) {
  const seat = await seatOf(db, sessionId, clientId);
  await db.updateTable('class_session_clients').set({ attendance }).where('id', '=', seat.id).execute();
}
