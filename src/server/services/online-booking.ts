import { subject } from '@casl/ability';
import { defineAbilityFor, isReadOnly } from '../../../permissions/defineAbilityFor';
import { spans } from '../../domain/appointments';
import { localDate, offsetAt, toUtc } from '../../domain/availability/zoned-time';
import type { Db, Dialect } from '../db/database';
import { nowIso } from '../db/database';
import { assertFree, createAppointments, lockOwner, serviceParts, type OwnerContext } from './appointments';
import { bookableStarts, calendarOf } from './availability';
import { toSessionUser, type SessionUser } from './sessions';
import { abilitySubject } from './users';
import { DomainError, invalid, notFound } from '../infra/domain-error';
import { newToken, sha256 } from '../infra/crypto';
import { minutesFromNow } from './booking-common';
import { findClient } from './booking-codes';

export const HOLD_MINUTES = 10;
/** While the client is on the payment page the hold lasts longer: card checks can take a while. */
export const PAYING_MINUTES = 30;
/** Without "remember me" a verified client stays verified for this long on the device. */
export const UNREMEMBERED_MINUTES = 120;

export interface BookingSettings {
  enabled: boolean;
  slug: string;
  service_ids: number[];
  class_ids: number[];
  package_ids: number[];
  existing_clients_only: boolean;
  block_new_bookings: boolean;
  remember_days: number;
  deposit_mode: 'none' | 'per_service' | 'full';
}

// Code verification and client recognition live in booking-codes.ts.
export { checkCode, CODE_ATTEMPTS, CODE_MINUTES, createCode, findClient } from './booking-codes';

export function bookingSettingsOf(owner: Pick<SessionUser, 'settings'>, slug: string | null): BookingSettings {
  const stored = (owner.settings.bookingSettings ?? {}) as Partial<BookingSettings>;
  return {
    enabled: false, service_ids: [], class_ids: [], package_ids: [], existing_clients_only: false, block_new_bookings: false,
    remember_days: 30, deposit_mode: 'per_service', ...stored, slug: slug ?? '',
  };
}

export interface PublicOwner {
  user: SessionUser;
  settings: BookingSettings;
  name: string;
}

export async function ownerBySlug(db: Db, slug: string): Promise<PublicOwner | null> {
  const row = await db.selectFrom('users').selectAll().where('booking_slug', '=', slug).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) return null;
  const user = toSessionUser(row as unknown as Record<string, unknown>);
  return { user, settings: bookingSettingsOf(user, row.booking_slug), name: `${user.first_name} ${user.last_name}`.trim() };
}

/** The services an owner offers online, in the page's shape: public ids only. */
export async function offeredServices(db: Db, owner: PublicOwner) {
  const rows = await db.selectFrom('services')
    .select(['id', 'public_id', 'title', 'description', 'duration', 'price', 'deposit_amount', 'booking_question', 'at_client_place', 'multipart', 'colour'])
    .where('user_id', '=', owner.user.id).where('online_booking', '=', 1).where('archived_at', 'is', null).orderBy('title').execute();
  return rows.map((s) => ({ ...s, deposit: depositFor(owner.settings, s) }));
}

export function depositFor(settings: BookingSettings, service: { price: number; deposit_amount: number | null }): number {
  if (settings.deposit_mode === 'full') return service.price;
  if (settings.deposit_mode === 'per_service') return Math.min(service.deposit_amount ?? 0, service.price);
  return 0;
}

/**
 * Whether the page takes bookings (spec §5): switched on, not blocked, on a plan with online booking and not
 * read-only, with at least one offering (services, classes, or what `otherOfferings` finds: vouchers, packages)
 * and one open day. Otherwise the page says so and takes nothing.
 */
export async function assertOpen(db: Db, owner: PublicOwner, otherOfferings: () => Promise<boolean> = async () => false): Promise<void> {
  const ability = defineAbilityFor(abilitySubject(owner.user));
  const { hours } = calendarOf(owner.user);
  const open = owner.settings.enabled && !owner.settings.block_new_bookings
    && ability.can('create', subject('OnlineBooking', { user_id: owner.user.id })) && !isReadOnly(abilitySubject(owner.user))
    && hours.some((d) => d.open)
    && ((await offeredServices(db, owner)).length > 0 || (await bookableClassRows(db, owner)).length > 0 || (await otherOfferings()));
  if (!open) throw new DomainError(403, 'booking.closed');
}

export interface BookingSession {
  id: number;
  user_id: number;
  channel: string;
  destination: string;
  client_id: number | null;
}

export async function openBookingSession(db: Db, owner: PublicOwner, channel: string, destination: string, clientId: number | null, remember: boolean) {
  const token = newToken();
  const minutes = remember && owner.settings.remember_days > 0 ? owner.settings.remember_days * 1440 : UNREMEMBERED_MINUTES;
  const expires_at = minutesFromNow(minutes);
  await db.insertInto('booking_sessions').values({ user_id: owner.user.id, token_hash: sha256(token), channel, destination, client_id: clientId, expires_at, created_at: nowIso() }).execute();
  return { token, expires_at, maxAge: remember ? minutes * 60 : undefined };
}

export async function findBookingSession(db: Db, ownerId: number, token: string | undefined): Promise<BookingSession | null> {
  if (!token) return null;
  const row = await db.selectFrom('booking_sessions').select(['id', 'user_id', 'channel', 'destination', 'client_id', 'expires_at'])
    .where('token_hash', '=', sha256(token)).where('user_id', '=', ownerId).executeTakeFirst();
  return row && row.expires_at > nowIso() ? row : null;
}

function ownerContext(db: Db, dialect: Dialect, owner: PublicOwner, ownHoldId?: number): OwnerContext {
  return {
    db, dialect, ownerId: owner.user.id, timeZone: calendarOf(owner.user).settings.time_zone, zoomConnected: false, ownHoldId,
    clientFilter: (eb) => eb('clients.user_id' as never, '=', owner.user.id as never) as never,
  };
}

export async function serviceByPublicId(db: Db, owner: PublicOwner, publicId: string) {
  const service = await db.selectFrom('services').select(['id', 'public_id', 'title', 'duration', 'price', 'deposit_amount', 'booking_question', 'multipart'])
    .where('public_id', '=', publicId).where('user_id', '=', owner.user.id).where('online_booking', '=', 1).where('archived_at', 'is', null).executeTakeFirst();
  if (!service) throw notFound('booking.notOffered');
  return service;
}

/**
 * Holds a start time for a verified client for HOLD_MINUTES. The start must be one the engine offers; the
 * authoritative check (no appointment or other hold takes a blocked part) and the insert share one transaction
 * under the owner's write lock, so two clients can never hold the same time.
 */
export async function placeHold(db: Db, dialect: Dialect, owner: PublicOwner, session: BookingSession, publicId: string, start: string) {
  const service = await serviceByPublicId(db, owner, publicId);
  const startMs = Date.parse(start);
  if (!Number.isFinite(startMs)) throw invalid('start', 'booking.slotTaken');
  const { settings } = calendarOf(owner.user);
  const date = localDate(settings.time_zone, startMs);
  const offered = await bookableStarts(db, owner.user, service, date, date);
  if (!offered.includes(startMs)) throw invalid('start', 'booking.slotTaken');
  const startTime = new Date(startMs + offsetAt(settings.time_zone, startMs)).toISOString().slice(11, 16);
  const parts = await serviceParts(db, service.id);
  const s = spans({ type: 'service', date, start_time: startTime, duration: service.duration, all_day: false, parts }, settings.time_zone);
  const token = newToken();
  const deposit = depositFor(owner.settings, service);
  const expires_at = minutesFromNow(HOLD_MINUTES);
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: owner.user.id });
    // One live hold per client: choosing another time lets the previous one go.
    await trx.updateTable('slot_holds').set({ status: 'released' }).where('booking_session_id', '=', session.id).where('status', '=', 'held').execute();
    try {
      await assertFree(trx, { ownerId: owner.user.id }, s.blocks, []);
    } catch (err) {
      if (err instanceof DomainError) throw invalid('start', 'booking.slotTaken');
      throw err;
    }
    await trx.insertInto('slot_holds').values({
      user_id: owner.user.id, token_hash: sha256(token), booking_session_id: session.id, service_id: service.id, date, start_time: startTime,
      starts_at: new Date(s.starts_at).toISOString(), ends_at: new Date(s.ends_at).toISOString(),
      blocks: JSON.stringify(s.blocks.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()])),
      expires_at, deposit, details: null, payment_ref: null, appointment_id: null, created_at: nowIso(),
    }).execute();
  });
  return { token, expires_at, date, start_time: startTime, end_time: s.end_time, service: { id: service.public_id, title: service.title, price: service.price, duration: s.duration }, deposit };
}

export interface HoldDetails {
  /** The client ticked "marketing messages" (explicit opt-in). */
  marketing?: boolean;
  /** While the client pays: the manage link's token and their language, for the confirmation sent when paid. */
  manage_token?: string;
  locale?: string;
  first_name?: string;
  last_name?: string;
  answer?: string;
  address?: string;
}

export async function holdFor(db: Db, owner: PublicOwner, session: BookingSession, token: string) {
  const hold = await db.selectFrom('slot_holds').selectAll().where('token_hash', '=', sha256(token)).where('user_id', '=', owner.user.id)
    .where('booking_session_id', '=', session.id).executeTakeFirst();
  if (!hold) throw notFound();
  return hold;
}

/** Moves a hold to the payment step: it lasts while the client pays, and carries the booking's details. */
export async function markPaying(db: Db, holdId: number, paymentRef: string, details: HoldDetails, manageTokenHash: string) {
  await db.updateTable('slot_holds').set({ status: 'paying', payment_ref: paymentRef, details: JSON.stringify({ ...details, manage_token_hash: manageTokenHash }), expires_at: minutesFromNow(PAYING_MINUTES) })
    .where('id', '=', holdId).where('status', '=', 'held').execute();
}

/**
 * The verified client's record: the one their session is linked to, an existing client with the verified email or
 * phone, or a new client made from the details given (a first booking). The session is linked to it.
 */
export async function clientFor(trx: Db, owner: PublicOwner, bookingSessionId: number, details: { first_name?: string; last_name?: string; marketing?: boolean }): Promise<number> {
  const session = await trx.selectFrom('booking_sessions').select(['id', 'channel', 'destination', 'client_id']).where('id', '=', bookingSessionId).executeTakeFirstOrThrow();
  let clientId = session.client_id ?? (await findClient(trx, owner.user.id, session.channel, session.destination))?.id ?? null;
  if (!clientId) {
    const now = nowIso();
    const inserted = await trx.insertInto('clients').values({
      user_id: owner.user.id, first_name: details.first_name!, last_name: details.last_name ?? null,
      email: session.channel === 'email' ? session.destination : null, phone: session.channel === 'sms' ? session.destination : null,
      email_reminders: 1, sms_reminders: session.channel === 'sms' ? 1 : 0, created_at: now, updated_at: now,
      // Marketing only by the client's explicit opt-in (UK/EU): the booking page's unticked box.
      marketing_messages: details.marketing ? 1 : 0,
    } as never).returning('id').executeTakeFirstOrThrow();
    clientId = Number((inserted as { id: number }).id);
  } else if (details.marketing) {
    await trx.updateTable('clients').set({ marketing_messages: 1, opt_out: 0, updated_at: nowIso() }).where('id', '=', clientId).execute();
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
export async function recordPayment(trx: Db, owner: PublicOwner, clientId: number, type: 'appointment' | 'sale' | 'standalone', payment: CardPayment | null, appointmentId: number | null = null) {
  if (!payment) return;
  await trx.insertInto('payments').values({
    user_id: owner.user.id, appointment_id: appointmentId, client_id: clientId, type, method: 'card', provider: payment.provider,
    provider_ref: payment.ref, amount: payment.amount, currency: payment.currency, date: nowIso().slice(0, 10), created_at: nowIso(),
  }).execute();
}

export interface Completed {
  created: boolean;
}

/**
 * Turns a hold into the appointment, in one transaction under the owner's lock: the client (created on the first
 * booking), the appointment (refused if another booking took a blocked part), the deposit as a payment, and the
 * hold closed. Idempotent: the webhook and the returning client may both complete the same payment.
 */
export async function completeHold(db: Db, dialect: Dialect, owner: PublicOwner, holdId: number, payment: CardPayment | null, details: HoldDetails & { manage_token_hash: string }): Promise<Completed> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: owner.user.id });
    const hold = await trx.selectFrom('slot_holds').selectAll().where('id', '=', holdId).executeTakeFirstOrThrow();
    if (hold.status === 'booked') return { created: false };
    // Unpaid, a hold must still be live; paid, it is honoured if the time is still free (checked below).
    if (!payment && (hold.status !== 'held' || hold.expires_at <= nowIso())) throw invalid('hold', 'booking.holdExpired');
    const clientId = await clientFor(trx, owner, hold.booking_session_id, details);
    if (hold.class_session_id) {
      await takeSeat(trx, owner, hold, clientId, payment, details.manage_token_hash);
      return { created: true };
    }
    const service = await trx.selectFrom('services').select(['id']).where('id', '=', hold.service_id!).executeTakeFirstOrThrow();
    const ctx = ownerContext(trx, dialect, owner, hold.id);
    try {
      const [appointmentId] = await createAppointments(ctx, {
        type: 'service', service_id: service.id, client_ids: [clientId], date: hold.date, start_time: hold.start_time,
        notes: details.answer ? details.answer : null, ...(details.address ? { location_type: 'client', address: details.address } : {}),
      } as never, {
        columns: { source: 'online', manage_token_hash: details.manage_token_hash },
        then: async (t, id) => {
          await recordPayment(t, owner, clientId, 'appointment', payment, id);
          await t.updateTable('slot_holds').set({ status: 'booked', appointment_id: id }).where('id', '=', hold.id).execute();
        },
      });
      void appointmentId;
      return { created: true };
    } catch (err) {
      if (err instanceof DomainError) throw invalid('start', 'booking.slotTaken');
      throw err;
    }
  });
}

// ---- Classes: a seat in a session ---------------------------------------------------------------------------

/** Seats a session offers online: the class's online limit when it has one, else its spaces. */
const onlineSeats = (c: { spaces: number; online_seat_limit: number | null }) => Math.min(c.spaces, c.online_seat_limit ?? c.spaces);

const sessionStart = (owner: PublicOwner, date: string, time: string) =>
  toUtc(calendarOf(owner.user).settings.time_zone, date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));

async function bookableClassRows(db: Db, owner: PublicOwner) {
  const ability = defineAbilityFor(abilitySubject(owner.user));
  if (!owner.settings.class_ids.length || !ability.can('read', subject('Class', { user_id: owner.user.id }))) return [];
  return db.selectFrom('classes').select(['id', 'public_id', 'title', 'description', 'price', 'duration', 'colour', 'spaces', 'online_seat_limit'])
    .where('user_id', '=', owner.user.id).where('id', 'in', owner.settings.class_ids).where('archived_at', 'is', null).orderBy('title').execute();
}

/**
 * The classes offered online with their coming sessions and the seats left in each (attendees and live holds
 * taken off). Three queries, whatever the number of sessions.
 */
export async function offeredClasses(db: Db, owner: PublicOwner, from: string, to: string) {
  const classes = await bookableClassRows(db, owner);
  if (!classes.length) return [];
  const sessions = await db.selectFrom('class_sessions as s').leftJoin('class_session_clients as a', 'a.session_id', 's.id')
    .select(['s.id', 's.class_id', 's.date', 's.start_time', (eb) => eb.fn.count<number>('a.id').as('taken')])
    .where('s.class_id', 'in', classes.map((c) => c.id)).where('s.date', '>=', from).where('s.date', '<=', to)
    .groupBy(['s.id', 's.class_id', 's.date', 's.start_time']).orderBy('s.date').orderBy('s.start_time').execute();
  const held = sessions.length
    ? await db.selectFrom('slot_holds').select(['class_session_id', (eb) => eb.fn.countAll<number>().as('n')]).where('user_id', '=', owner.user.id)
      .where('class_session_id', 'in', sessions.map((x) => x.id)).where('status', 'in', ['held', 'paying']).where('expires_at', '>', nowIso())
      .groupBy('class_session_id').execute()
    : [];
  const earliest = Date.now() + calendarOf(owner.user).settings.min_notice_minutes * 60_000;
  return classes.map((c) => ({
    id: c.public_id!, title: c.title, description: c.description, price: c.price, duration: c.duration, colour: c.colour,
    deposit: owner.settings.deposit_mode === 'full' ? c.price : 0,
    sessions: sessions.filter((x) => x.class_id === c.id && sessionStart(owner, x.date, x.start_time) >= earliest).map((x) => ({
      date: x.date, start_time: x.start_time,
      seats_left: Math.max(0, onlineSeats(c) - Number(x.taken) - Number(held.find((h) => h.class_session_id === x.id)?.n ?? 0)),
    })),
  }));
}

/** Seats taken in a session: attendees, and live holds other than `except`. */
async function seatsTaken(trx: Db, sessionId: number, except: number | null) {
  const attendees = await trx.selectFrom('class_session_clients').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  let holds = trx.selectFrom('slot_holds').select((eb) => eb.fn.countAll<number>().as('n')).where('class_session_id', '=', sessionId).where('status', 'in', ['held', 'paying']).where('expires_at', '>', nowIso());
  if (except) holds = holds.where('id', '!=', except);
  return Number(attendees.n) + Number((await holds.executeTakeFirstOrThrow()).n);
}

/**
 * Holds a seat in a class session for a verified client, like a time: the count and the insert share one
 * transaction under the owner's write lock, so a session can never be over-booked online.
 */
export async function placeClassHold(db: Db, dialect: Dialect, owner: PublicOwner, session: BookingSession, classId: string, date: string, startTime: string) {
  const c = (await bookableClassRows(db, owner)).find((x) => x.public_id === classId);
  if (!c) throw notFound('booking.notOffered');
  const row = await db.selectFrom('class_sessions').select(['id']).where('class_id', '=', c.id).where('date', '=', date).where('start_time', '=', startTime).executeTakeFirst();
  const start = sessionStart(owner, date, startTime);
  if (!row || start < Date.now() + calendarOf(owner.user).settings.min_notice_minutes * 60_000) throw invalid('start', 'booking.slotTaken');
  const token = newToken();
  const expires_at = minutesFromNow(HOLD_MINUTES);
  const deposit = owner.settings.deposit_mode === 'full' ? c.price : 0;
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: owner.user.id });
    await trx.updateTable('slot_holds').set({ status: 'released' }).where('booking_session_id', '=', session.id).where('status', '=', 'held').execute();
    if (session.client_id) {
      const already = await trx.selectFrom('class_session_clients').select('id').where('session_id', '=', row.id).where('client_id', '=', session.client_id).executeTakeFirst();
      if (already) throw invalid('start', 'booking.alreadyBooked');
    }
    if ((await seatsTaken(trx, row.id, null)) >= onlineSeats(c)) throw invalid('start', 'booking.classFull');
    await trx.insertInto('slot_holds').values({
      user_id: owner.user.id, token_hash: sha256(token), booking_session_id: session.id, service_id: null, class_session_id: row.id, date, start_time: startTime,
      starts_at: new Date(start).toISOString(), ends_at: new Date(start + c.duration * 60_000).toISOString(), blocks: '[]',
      expires_at, deposit, details: null, payment_ref: null, appointment_id: null, created_at: nowIso(),
    }).execute();
  });
  const end = new Date(start + c.duration * 60_000 + offsetAt(calendarOf(owner.user).settings.time_zone, start)).toISOString().slice(11, 16);
  return { token, expires_at, date, start_time: startTime, end_time: end, service: { id: c.public_id!, title: c.title, price: c.price, duration: c.duration }, deposit };
}

/** The seat becomes an attendee (with what they paid), inside completeHold's transaction. */
async function takeSeat(trx: Db, owner: PublicOwner, hold: { id: number; class_session_id: number | null }, clientId: number, payment: CardPayment | null, manageTokenHash: string) {
  const sessionId = hold.class_session_id!;
  const c = await trx.selectFrom('class_sessions as s').innerJoin('classes as c', 'c.id', 's.class_id').select(['c.spaces', 'c.online_seat_limit']).where('s.id', '=', sessionId).executeTakeFirstOrThrow();
  const already = await trx.selectFrom('class_session_clients').select('id').where('session_id', '=', sessionId).where('client_id', '=', clientId).executeTakeFirst();
  if (already) throw invalid('start', 'booking.alreadyBooked');
  if ((await seatsTaken(trx, sessionId, hold.id)) >= onlineSeats(c)) throw invalid('start', 'booking.classFull');
  await trx.insertInto('class_session_clients').values({ session_id: sessionId, client_id: clientId, paid_amount: payment?.amount ?? 0, created_at: nowIso(), manage_token_hash: manageTokenHash }).execute();
  await recordPayment(trx, owner, clientId, 'standalone', payment);
  await trx.updateTable('slot_holds').set({ status: 'booked' }).where('id', '=', hold.id).execute();
}
