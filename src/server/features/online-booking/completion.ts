import type { Db, Dialect } from '../../db/database';
import { nowIso } from '../../db/database';
import { DomainError, invalid, Label } from '../../infra/domain-error';
import { createAppointments, type AppointmentInput } from '../appointments';
import type { OwnerContext } from '../../core/owner-context';
import { lockOwner } from '../../core/owner-lock';
import { calendarOf } from '../availability';
import { findClient } from './codes';
import type { HoldDetails } from './holds';
import { redeem } from './redeem';
import { hasSeat, onlineSeats, seatsTaken } from '../../core/class-seats';
import { ownerToday, type PublicOwner } from './owner';
import type { BookingSession } from './sessions';

/** The appointments feature's context for an owner's public page: the owner's own clients, no Zoom. */
function ownerContext(db: Db, dialect: Dialect, owner: PublicOwner, ownHoldId?: number): OwnerContext {
  return {
    db,
    dialect,
    ownerId: owner.user.id,
    timeZone: calendarOf(owner.user).settings.time_zone,
    zoomConnected: false,
    ownHoldId,
    clientFilter: (eb) => eb('clients.user_id', '=', owner.user.id),
  };
}

/**
 * The verified client's record: the one their session is linked to, an existing client with the verified email or
 * phone, or a new client made from the details given (a first booking). The session is linked to it.
 */
export async function clientFor(
  trx: Db,
  owner: PublicOwner,
  bookingSessionId: number,
  details: { first_name?: string; last_name?: string; marketing?: boolean },
): Promise<number> {
  const session = await trx
    .selectFrom('booking_sessions')
    .select(['id', 'channel', 'destination', 'client_id'])
    .where('id', '=', bookingSessionId)
    .executeTakeFirstOrThrow();
  let clientId =
    session.client_id ?? (await findClient(trx, owner.user.id, session.channel, session.destination))?.id ?? null;
  if (!clientId) {
    const now = nowIso();
    const inserted = await trx
      .insertInto('clients')
      .values({
        user_id: owner.user.id,
        first_name: details.first_name!,
        last_name: details.last_name ?? null,
        email: session.channel === 'email' ? session.destination : null,
        phone: session.channel === 'sms' ? session.destination : null,
        email_reminders: 1,
        sms_reminders: session.channel === 'sms' ? 1 : 0,
        created_at: now,
        updated_at: now,
        // Marketing only by the client's explicit opt-in (UK/EU): the booking page's unticked box.
        marketing_messages: details.marketing ? 1 : 0,
        opt_out: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    clientId = Number(inserted.id);
  } else if (details.marketing) {
    await trx
      .updateTable('clients')
      .set({ marketing_messages: 1, opt_out: 0, updated_at: nowIso() })
      .where('id', '=', clientId)
      .execute();
  }
  await trx.updateTable('booking_sessions').set({ client_id: clientId }).where('id', '=', session.id).execute();
  return clientId;
}

/** A card payment the provider confirmed. */
export interface CardPayment {
  amount: number;
  currency: string;
  provider: string;
  ref: string;
}

/** Records a card payment (spec §3 payment types: appointment, sale, standalone), if there was one. */
export async function recordPayment(
  trx: Db,
  owner: PublicOwner,
  clientId: number,
  type: 'appointment' | 'sale' | 'standalone',
  payment: CardPayment | null,
  links: { appointment_id?: number; sale_id?: number; class_seat_id?: number } = {},
) {
  if (!payment) return;
  await trx
    .insertInto('payments')
    .values({
      user_id: owner.user.id,
      appointment_id: links.appointment_id ?? null,
      class_seat_id: links.class_seat_id ?? null,
      client_id: clientId,
      type,
      method: 'card',
      provider: payment.provider,
      provider_ref: payment.ref,
      amount: payment.amount,
      currency: payment.currency,
      date: ownerToday(owner),
      created_at: nowIso(),
      sale_id: links.sale_id ?? null,
    })
    .execute();
}

export interface Completed {
  created: boolean;
}

/**
 * Turns a hold into the appointment, in one transaction under the owner's lock: the client (created on the first
 * booking), the appointment (refused if another booking took a blocked part), the deposit as a payment, what it
 * redeems (a package session, a voucher's amount: `redeem.ts`), and the hold closed. Idempotent: the webhook and
 * the returning client may both complete the same payment.
 */
export async function completeHold(
  db: Db,
  dialect: Dialect,
  owner: PublicOwner,
  holdId: number,
  payment: CardPayment | null,
  details: HoldDetails & { manage_token_hash: string },
): Promise<Completed> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: owner.user.id });
    const hold = await trx.selectFrom('slot_holds').selectAll().where('id', '=', holdId).executeTakeFirstOrThrow();
    if (hold.status === 'booked') return { created: false };
    // Unpaid, a hold must still be live; paid, it is honoured if the time is still free (checked below).
    if (!payment && (hold.status !== 'held' || hold.expires_at <= nowIso()))
      throw invalid('hold', 'booking.holdExpired');
    const clientId = await clientFor(trx, owner, hold.booking_session_id, details);
    if (hold.class_session_id) {
      const seatId = await takeSeat(trx, owner, hold, clientId, payment, details.manage_token_hash);
      await redeem(trx, dialect, owner, clientId, { class_seat_id: seatId }, details.redemption);
      return { created: true };
    }
    const service = await trx
      .selectFrom('services')
      .select(['id'])
      .where('id', '=', hold.service_id!)
      .executeTakeFirstOrThrow();
    const ctx = ownerContext(trx, dialect, owner, hold.id);
    const input: AppointmentInput = {
      type: 'service',
      service_id: service.id,
      client_ids: [clientId],
      date: hold.date,
      start_time: hold.start_time,
      notes: details.answer ? details.answer : null,
      ...(details.address ? { location_type: 'client' as const, address: details.address } : {}),
    };
    let appointmentId: number;
    try {
      [appointmentId] = await createAppointments(ctx, input, {
        columns: { source: 'online', manage_token_hash: details.manage_token_hash },
        then: async (t, id) => {
          await recordPayment(t, owner, clientId, 'appointment', payment, { appointment_id: id });
          await t
            .updateTable('slot_holds')
            .set({ status: 'booked', appointment_id: id })
            .where('id', '=', hold.id)
            .execute();
        },
      });
    } catch (err) {
      if (err instanceof DomainError) throw invalid('start', 'booking.slotTaken');
      throw err;
    }
    await redeem(
      trx,
      dialect,
      owner,
      clientId,
      { appointment_id: appointmentId, service_id: service.id },
      details.redemption,
    );
    return { created: true };
  });
}

/** The seat becomes an attendee (with what they paid), inside completeHold's transaction; returns the seat's id. */
async function takeSeat(
  trx: Db,
  owner: PublicOwner,
  hold: { id: number; class_session_id: number | null },
  clientId: number,
  payment: CardPayment | null,
  manageTokenHash: string,
) {
  const sessionId = hold.class_session_id!;
  const c = await trx
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['c.spaces', 'c.online_seat_limit'])
    .where('s.id', '=', sessionId)
    .executeTakeFirstOrThrow();
  if (await hasSeat(trx, sessionId, clientId)) throw invalid('start', 'booking.alreadyBooked');
  if ((await seatsTaken(trx, sessionId, hold.id)) >= onlineSeats(c)) throw invalid('start', 'booking.classFull');
  const seat = await trx
    .insertInto('class_session_clients')
    .values({
      session_id: sessionId,
      client_id: clientId,
      paid_amount: payment?.amount ?? 0,
      created_at: nowIso(),
      manage_token_hash: manageTokenHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Paid for as an appointment is: the ledger row names the seat, so what it has left to pay is the ledger's.
  await recordPayment(trx, owner, clientId, 'appointment', payment, { class_seat_id: Number(seat.id) });
  await trx.updateTable('slot_holds').set({ status: 'booked' }).where('id', '=', hold.id).execute();
  return Number(seat.id);
}

/** A client the owner does not know yet (by the verified email or phone) gives at least a first name. */
export async function requireNameIfNew(
  db: Db,
  owner: PublicOwner,
  session: BookingSession,
  firstName: string | undefined,
): Promise<void> {
  if (
    session.client_id ||
    firstName?.trim() ||
    (await findClient(db, owner.user.id, session.channel, session.destination))
  )
    return;
  throw invalid('first_name', 'validation.required', { field: new Label('fields.clients.first_name') });
}
