import { spans } from '../../../domain/appointments';
import { localDate, offsetAt } from '../../../domain/availability/zoned-time';
import type { Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import type { SlotHoldsTable } from '../../db/tables/online-booking';
import { nowIso } from '../../db/database';
import { newToken, sha256 } from '../../infra/crypto';
import { DomainError, invalid, notFound } from '../../infra/domain-error';
import { assertFree } from '../appointments';
import { lockOwner } from '../../core/owner-lock';
import { serviceParts } from '../../core/service-parts';
import { bookableStarts, calendarOf } from '../availability';
import { depositFor, serviceByPublicId } from './offerings';
import type { PublicOwner } from './owner';
import type { Redemption } from './redeem';
import type { BookingSession } from './sessions';
import { minutesFromNow } from './time';

export const HOLD_MINUTES = 10;
/** While the client is on the payment page the hold lasts longer: card checks can take a while. */
export const PAYING_MINUTES = 30;

/**
 * Holds a start time for a verified client for HOLD_MINUTES. The start must be one the engine offers; the
 * authoritative check (no appointment or other hold takes a blocked part) and the insert share one transaction
 * under the owner's write lock, so two clients can never hold the same time.
 */
export async function placeHold(
  db: Db,
  dialect: Dialect,
  owner: PublicOwner,
  session: BookingSession,
  publicId: string,
  start: string,
) {
  const service = await serviceByPublicId(db, owner, publicId);
  const startMs = Date.parse(start);
  if (!Number.isFinite(startMs)) throw invalid('start', 'booking.slotTaken');
  const { settings } = calendarOf(owner.user);
  const date = localDate(settings.time_zone, startMs);
  const offered = await bookableStarts(db, owner.user, service, date, date);
  if (!offered.includes(startMs)) throw invalid('start', 'booking.slotTaken');
  const startTime = new Date(startMs + offsetAt(settings.time_zone, startMs)).toISOString().slice(11, 16);
  const parts = await serviceParts(db, service.id);
  const s = spans(
    { type: 'service', date, start_time: startTime, duration: service.duration, all_day: false, parts },
    settings.time_zone,
  );
  const deposit = depositFor(owner.settings, service);
  const hold = {
    service_id: service.id,
    date,
    start_time: startTime,
    starts_at: new Date(s.starts_at).toISOString(),
    ends_at: new Date(s.ends_at).toISOString(),
    blocks: JSON.stringify(s.blocks.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()])),
    deposit,
  };
  const { token, expires_at } = await writeHold(db, dialect, owner, session, hold, async (trx) => {
    try {
      await assertFree(trx, { ownerId: owner.user.id }, s.blocks, []);
    } catch (err) {
      if (err instanceof DomainError) throw invalid('start', 'booking.slotTaken');
      throw err;
    }
  });
  return {
    token,
    expires_at,
    date,
    start_time: startTime,
    end_time: s.end_time,
    service: { id: service.public_id, title: service.title, price: service.price, duration: s.duration },
    deposit,
  };
}

/** What a new hold holds: a service's time (its blocked parts) or a class session's seat, and the deposit it asks. */
type HoldRow = Pick<
  Insertable<SlotHoldsTable>,
  'service_id' | 'class_session_id' | 'date' | 'start_time' | 'starts_at' | 'ends_at' | 'blocks' | 'deposit'
>;

/**
 * Writes a client's hold for HOLD_MINUTES, in one transaction under the owner's write lock: the client's live hold
 * let go (one at a time: choosing another lets the previous one go), `check` (what it holds is still free, it throws
 * when not), and the hold. Returns its token and when it expires.
 */
export async function writeHold(
  db: Db,
  dialect: Dialect,
  owner: PublicOwner,
  session: BookingSession,
  hold: HoldRow,
  check: (trx: Db) => Promise<void>,
) {
  const token = newToken();
  const expires_at = minutesFromNow(HOLD_MINUTES);
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: owner.user.id });
    await trx
      .updateTable('slot_holds')
      .set({ status: 'released' })
      .where('booking_session_id', '=', session.id)
      .where('status', '=', 'held')
      .execute();
    await check(trx);
    await trx
      .insertInto('slot_holds')
      .values({
        user_id: owner.user.id,
        token_hash: sha256(token),
        booking_session_id: session.id,
        ...hold,
        expires_at,
        details: null,
        payment_ref: null,
        appointment_id: null,
        created_at: nowIso(),
      })
      .execute();
  });
  return { token, expires_at };
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
  /** What the booking pays with besides money (a package of the client's, a voucher code), decided on confirming. */
  redemption?: Redemption | null;
}

export async function holdFor(db: Db, owner: PublicOwner, session: BookingSession, token: string) {
  const hold = await db
    .selectFrom('slot_holds')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', owner.user.id)
    .where('booking_session_id', '=', session.id)
    .executeTakeFirst();
  if (!hold) throw notFound();
  return hold;
}

/** Moves a hold to the payment step: it lasts while the client pays, and carries the booking's details. */
export async function markPaying(
  db: Db,
  holdId: number,
  paymentRef: string,
  details: HoldDetails,
  manageTokenHash: string,
) {
  await db
    .updateTable('slot_holds')
    .set({
      status: 'paying',
      payment_ref: paymentRef,
      details: JSON.stringify({ ...details, manage_token_hash: manageTokenHash }),
      expires_at: minutesFromNow(PAYING_MINUTES),
    })
    .where('id', '=', holdId)
    .where('status', '=', 'held')
    .execute();
}
