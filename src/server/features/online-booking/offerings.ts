import { subject } from '@casl/ability';
import { isReadOnly } from '../../../../permissions/defineAbilityFor';
import { toUtc } from '../../../domain/availability/zoned-time';
import { sql } from 'kysely';
import { nowIso, prepared, type Db } from '../../db/database';
import { DomainError, notFound } from '../../infra/domain-error';
import { abilitySubject } from '../../infra/users';
import { calendarOf } from '../availability';
import type { PublicOwner } from './owner';
import type { BookingSettings } from '../../core/booking-settings';
import { onlineSeats } from '../../core/class-seats';

/** The services an owner offers online, in the page's shape: public ids only. */
export async function offeredServices(db: Db, owner: PublicOwner) {
  const rows = await onlineServices(db, owner.user.id);
  return rows.map((s) => ({ ...s, deposit: depositFor(owner.settings, s) }));
}

/** Every public page's request reads the services offered online: built and compiled once. */
const onlineServices = prepared((db: Db, owner: number) =>
  db
    .selectFrom('services')
    .select([
      'id',
      'public_id',
      'title',
      'description',
      'duration',
      'price',
      'deposit_amount',
      'booking_question',
      'at_client_place',
      'multipart',
      'colour',
    ])
    .where('user_id', '=', owner)
    .where('online_booking', '=', sql.lit(1))
    .where('archived_at', 'is', null)
    .orderBy('title'),
);

export function depositFor(
  settings: BookingSettings,
  service: { price: number; deposit_amount: number | null },
): number {
  if (settings.deposit_mode === 'full') return service.price;
  if (settings.deposit_mode === 'per_service') return Math.min(service.deposit_amount ?? 0, service.price);
  return 0;
}

const servicePublic = prepared((db: Db, publicId: string, owner: number) =>
  db
    .selectFrom('services')
    .select(['id', 'public_id', 'title', 'duration', 'price', 'deposit_amount', 'booking_question', 'multipart'])
    .where('public_id', '=', publicId)
    .where('user_id', '=', owner)
    .where('online_booking', '=', sql.lit(1))
    .where('archived_at', 'is', null),
);

export async function serviceByPublicId(db: Db, owner: PublicOwner, publicId: string) {
  const [service] = await servicePublic(db, publicId, owner.user.id);
  if (!service) throw notFound('booking.notOffered');
  return service;
}

/**
 * Whether the page takes bookings (spec §5): switched on, not blocked, on a plan with online booking and not
 * read-only, with at least one offering (services, classes, or what `otherOfferings` finds: vouchers, packages)
 * and one open day. Otherwise the page says so and takes nothing.
 */
export async function assertOpen(
  db: Db,
  owner: PublicOwner,
  otherOfferings: () => Promise<boolean> = async () => false,
): Promise<void> {
  const { hours } = calendarOf(owner.user);
  const open =
    owner.settings.enabled &&
    !owner.settings.block_new_bookings &&
    owner.ability.can('create', subject('OnlineBooking', { user_id: owner.user.id })) &&
    !isReadOnly(abilitySubject(owner.user)) &&
    hours.some((d) => d.open) &&
    ((await offeredServices(db, owner)).length > 0 ||
      (await bookableClassRows(db, owner)).length > 0 ||
      (await otherOfferings()));
  if (!open) throw new DomainError(403, 'booking.closed');
}

export const sessionStart = (owner: PublicOwner, date: string, time: string) =>
  toUtc(calendarOf(owner.user).settings.time_zone, date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));

export async function bookableClassRows(db: Db, owner: PublicOwner) {
  if (!owner.settings.class_ids.length || !owner.ability.can('read', subject('Class', { user_id: owner.user.id })))
    return [];
  return db
    .selectFrom('classes')
    .select(['id', 'public_id', 'title', 'description', 'price', 'duration', 'colour', 'spaces', 'online_seat_limit'])
    .where('user_id', '=', owner.user.id)
    .where('id', 'in', owner.settings.class_ids)
    .where('archived_at', 'is', null)
    .orderBy('title')
    .execute();
}

/**
 * The classes offered online with their coming sessions and the seats left in each (attendees and live holds
 * taken off). Three queries, whatever the number of sessions.
 */
export async function offeredClasses(db: Db, owner: PublicOwner, from: string, to: string) {
  const classes = await bookableClassRows(db, owner);
  if (!classes.length) return [];
  const sessions = await db
    .selectFrom('class_sessions as s')
    .leftJoin('class_session_clients as a', 'a.session_id', 's.id')
    .select(['s.id', 's.class_id', 's.date', 's.start_time', (eb) => eb.fn.count<number>('a.id').as('taken')])
    .where(
      's.class_id',
      'in',
      classes.map((c) => c.id),
    )
    .where('s.date', '>=', from)
    .where('s.date', '<=', to)
    .groupBy(['s.id', 's.class_id', 's.date', 's.start_time'])
    .orderBy('s.date')
    .orderBy('s.start_time')
    .execute();
  const held = sessions.length
    ? await db
        .selectFrom('slot_holds')
        .select(['class_session_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', owner.user.id)
        .where(
          'class_session_id',
          'in',
          sessions.map((x) => x.id),
        )
        .where('status', 'in', ['held', 'paying'])
        .where('expires_at', '>', nowIso())
        .groupBy('class_session_id')
        .execute()
    : [];
  const earliest = Date.now() + calendarOf(owner.user).settings.min_notice_minutes * 60_000;
  return classes.map((c) => ({
    id: c.public_id!,
    title: c.title,
    description: c.description,
    price: c.price,
    duration: c.duration,
    colour: c.colour,
    deposit: owner.settings.deposit_mode === 'full' ? c.price : 0,
    sessions: sessions
      .filter((x) => x.class_id === c.id && sessionStart(owner, x.date, x.start_time) >= earliest)
      .map((x) => ({
        date: x.date,
        start_time: x.start_time,
        seats_left: Math.max(
          0,
          onlineSeats(c) - Number(x.taken) - Number(held.find((h) => h.class_session_id === x.id)?.n ?? 0),
        ),
      })),
  }));
}
