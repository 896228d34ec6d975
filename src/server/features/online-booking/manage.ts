import { toUtc } from '../../../domain/availability/zoned-time';
import type { Db, Dialect } from '../../db/database';
import { nowIso } from '../../db/database';
import { moveAppointment } from '../appointments';
import { lockOwner } from '../../core/owner-lock';
import type { OwnerContext } from '../../core/owner-context';
import { calendarOf } from '../availability';
import type { Filter } from '../../engine/resource-repository';
import { DomainError, invalid, notFound } from '../../infra/domain-error';
import { sha256 } from '../../infra/crypto';
import { type PublicOwner } from './owner';
import { type BookingSession, openBookingSession } from './sessions';

/**
 * A booking reached by its manage link (the token is never stored, only its hash): an online appointment or a
 * seat in a class session. The client may cancel it, or move an appointment to another free time, until the
 * owner's minimum notice before it starts (calendar settings).
 */
export type Managed =
  | {
      kind: 'appointment';
      id: number;
      clientId: number;
      startsAt: string;
      endsAt: string;
      cancelled: boolean;
      serviceId: number | null;
    }
  | { kind: 'seat'; id: number; clientId: number; startsAt: string; endsAt: string; cancelled: false; serviceId: null };

export async function findManaged(db: Db, owner: PublicOwner, token: string): Promise<Managed | null> {
  const hash = sha256(token);
  const a = await db
    .selectFrom('appointments as a')
    .innerJoin('appointment_clients as c', 'c.appointment_id', 'a.id')
    .select(['a.id', 'a.starts_at', 'a.ends_at', 'a.service_id', 'c.client_id', 'c.status'])
    .where('a.user_id', '=', owner.user.id)
    .where('a.manage_token_hash', '=', hash)
    .executeTakeFirst();
  if (a)
    return {
      kind: 'appointment',
      id: a.id,
      clientId: a.client_id,
      startsAt: a.starts_at,
      endsAt: a.ends_at,
      cancelled: a.status === 'cancelled',
      serviceId: a.service_id,
    };
  const s = await db
    .selectFrom('class_session_clients as a')
    .innerJoin('class_sessions as s', 's.id', 'a.session_id')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['a.id', 'a.client_id', 's.date', 's.start_time', 'c.duration'])
    .where('c.user_id', '=', owner.user.id)
    .where('a.manage_token_hash', '=', hash)
    .executeTakeFirst();
  if (!s) return null;
  const start = toUtc(
    calendarOf(owner.user).settings.time_zone,
    s.date,
    Number(s.start_time.slice(0, 2)) * 60 + Number(s.start_time.slice(3, 5)),
  );
  return {
    kind: 'seat',
    id: s.id,
    clientId: s.client_id,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + s.duration * 60_000).toISOString(),
    cancelled: false,
    serviceId: null,
  };
}

/** The last moment the client may change the booking online: its start less the owner's minimum notice. */
export function changeUntil(owner: PublicOwner, managed: Pick<Managed, 'startsAt'>): string {
  return new Date(
    Date.parse(managed.startsAt) - calendarOf(owner.user).settings.min_notice_minutes * 60_000,
  ).toISOString();
}

function assertChangeable(owner: PublicOwner, managed: Managed) {
  if (managed.cancelled) throw invalid('booking', 'booking.alreadyCancelled');
  if (changeUntil(owner, managed) <= nowIso())
    throw new DomainError(422, 'booking.tooLateToChange', { name: owner.name }, 'booking');
}

/**
 * Cancels: the client's attendance becomes "cancelled" and the appointment's time is free again (its blocked spans
 * go); a class seat is given up. Payments stay as they were: a refund is the owner's call.
 */
export async function cancelManaged(db: Db, dialect: Dialect, owner: PublicOwner, managed: Managed): Promise<void> {
  assertChangeable(owner, managed);
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: owner.user.id });
    if (managed.kind === 'seat') {
      await trx.deleteFrom('class_session_clients').where('id', '=', managed.id).execute();
      return;
    }
    await trx
      .updateTable('appointment_clients')
      .set({ status: 'cancelled' })
      .where('appointment_id', '=', managed.id)
      .where('client_id', '=', managed.clientId)
      .execute();
    await trx.deleteFrom('appointment_blocks').where('appointment_id', '=', managed.id).execute();
    await trx.updateTable('appointments').set({ updated_at: nowIso() }).where('id', '=', managed.id).execute();
  });
}

/**
 * The booking session a new time is held in: the one the appointment was booked in, or (gone with housekeeping) a
 * fresh one for the client's email or phone.
 */
export async function sessionOf(db: Db, owner: PublicOwner, managed: Managed): Promise<BookingSession> {
  const byHold = await db
    .selectFrom('slot_holds as h')
    .innerJoin('booking_sessions as s', 's.id', 'h.booking_session_id')
    .select(['s.id', 's.user_id', 's.channel', 's.destination', 's.client_id'])
    .where('h.appointment_id', '=', managed.id)
    .where('h.user_id', '=', owner.user.id)
    .executeTakeFirst();
  if (byHold) return byHold;
  const client = await db
    .selectFrom('clients')
    .select(['email', 'phone'])
    .where('id', '=', managed.clientId)
    .executeTakeFirstOrThrow();
  const [channel, destination] = client.email ? ['email', client.email] : ['sms', client.phone ?? ''];
  await openBookingSession(db, owner, channel, destination, managed.clientId, false);
  return db
    .selectFrom('booking_sessions')
    .select(['id', 'user_id', 'channel', 'destination', 'client_id'])
    .where('user_id', '=', owner.user.id)
    .where('client_id', '=', managed.clientId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** Moves an appointment to the time held by `holdToken` (placed for it with the same slots and holds as a booking). */
export async function rescheduleManaged(
  db: Db,
  dialect: Dialect,
  owner: PublicOwner,
  managed: Managed,
  holdToken: string,
): Promise<void> {
  assertChangeable(owner, managed);
  if (managed.kind !== 'appointment')
    throw new DomainError(422, 'booking.tooLateToChange', { name: owner.name }, 'booking');
  const session = await sessionOf(db, owner, managed);
  const hold = await db
    .selectFrom('slot_holds')
    .selectAll()
    .where('token_hash', '=', sha256(holdToken))
    .where('user_id', '=', owner.user.id)
    .where('booking_session_id', '=', session.id)
    .where('service_id', '=', managed.serviceId)
    .executeTakeFirst();
  if (!hold || hold.status !== 'held' || hold.expires_at <= nowIso()) throw invalid('hold', 'booking.holdExpired');
  const mine: Filter = (eb) => eb('appointments.user_id', '=', owner.user.id);
  const ctx: OwnerContext = {
    db,
    dialect,
    ownerId: owner.user.id,
    timeZone: calendarOf(owner.user).settings.time_zone,
    zoomConnected: false,
    ownHoldId: hold.id,
    clientFilter: mine,
  };
  let moved: boolean;
  try {
    moved = await moveAppointment(ctx, managed.id, hold.date, hold.start_time, mine);
  } catch (err) {
    if (err instanceof DomainError) throw invalid('start', 'booking.slotTaken');
    throw err;
  }
  if (!moved) throw notFound();
  await db.updateTable('slot_holds').set({ status: 'released' }).where('id', '=', hold.id).execute();
}

/** An online appointment in the public shape: what the client sees on the confirmation and the manage page. */
export async function presentAppointment(db: Db, owner: PublicOwner, appointmentId: number) {
  const a = await db
    .selectFrom('appointments')
    .select(['date', 'start_time', 'end_time', 'price', 'service_id', 'address'])
    .where('id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  const service = a.service_id
    ? await db.selectFrom('services').select(['title']).where('id', '=', a.service_id).executeTakeFirst()
    : null;
  const paid = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number>('amount').as('paid'))
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirst();
  return {
    owner: owner.name,
    service: service?.title ?? null,
    date: a.date,
    start_time: a.start_time,
    end_time: a.end_time,
    price: a.price,
    paid: Number(paid?.paid ?? 0),
    address: a.address,
  };
}

/** A seat in a class session in the same public shape. */
export async function presentSeat(db: Db, owner: PublicOwner, attendeeId: number) {
  const r = await db
    .selectFrom('class_session_clients as a')
    .innerJoin('class_sessions as s', 's.id', 'a.session_id')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['s.date', 's.start_time', 'c.title', 'c.price', 'c.duration', 'a.paid_amount'])
    .where('a.id', '=', attendeeId)
    .executeTakeFirstOrThrow();
  // What the seat has paid is the ledger's (refunds included); a seat booked before ledger rows named their seat
  // (migration 0015) keeps what was recorded on it.
  const ledger = await db
    .selectFrom('payments')
    .select([(eb) => eb.fn.sum<number>('amount').as('paid'), (eb) => eb.fn.countAll<number>().as('rows')])
    .where('class_seat_id', '=', attendeeId)
    .executeTakeFirst();
  const paid = Number(ledger?.rows ?? 0) > 0 ? Number(ledger?.paid ?? 0) : r.paid_amount;
  const end = Number(r.start_time.slice(0, 2)) * 60 + Number(r.start_time.slice(3, 5)) + r.duration;
  const end_time =
    end >= 1440 ? '24:00' : `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  return {
    owner: owner.name,
    service: r.title,
    date: r.date,
    start_time: r.start_time,
    end_time,
    price: r.price,
    paid,
    address: null as string | null,
  };
}
