import { availableStarts } from '../../../domain/availability/availability';
import type { Interval } from '../../../domain/availability/availability.types';
import { toUtc } from '../../../domain/availability/zoned-time';
import { calendarSettingsOf, defaultBusinessTimes, type BusinessTime } from '../../../domain/calendar-settings';
import { addDays } from '../../../domain/dates';
import type { Db } from '../../db/database';
import { serviceParts } from '../../core/service-parts';
import type { SessionUser } from '../../infra/sessions';

export function calendarOf(owner: Pick<SessionUser, 'settings' | 'region'>) {
  return {
    settings: calendarSettingsOf(owner),
    hours: (owner.settings.businessTimeSettings as BusinessTime[] | undefined) ?? defaultBusinessTimes(),
  };
}

/** What a service's bookable times are made of, read from the calendar, and how long it holds. */
export interface AvailabilityData {
  parts: Array<{ duration: number; blocked: boolean }>;
  busy: Interval[];
  /** When the first live hold read here lapses (epoch ms), freeing its time; Infinity without holds. */
  holdsLapse: number;
}

/**
 * Everything the engine needs for one service of an owner between two dates, with one query per source — the
 * service's parts, class sessions, appointments' blocked spans and live online-booking holds in the range — never
 * one per slot. Holds count while they are live at `now`.
 */
export async function availabilityData(
  db: Db,
  owner: Pick<SessionUser, 'id' | 'settings' | 'region'>,
  service: { id: number },
  from: string,
  to: string,
  now = Date.now(),
): Promise<AvailabilityData> {
  const { settings } = calendarOf(owner);
  const lo = `${addDays(from, -1)}T00:00:00.000Z`;
  const hi = `${addDays(to, 2)}T00:00:00.000Z`;
  const [parts, sessions, blocks, holds] = await Promise.all([
    serviceParts(db, service.id),
    // Class sessions in the range (a day either side for zone shifts).
    db
      .selectFrom('class_sessions as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.date', 's.start_time', 'c.duration'])
      .where('c.user_id', '=', owner.id)
      .where('c.archived_at', 'is', null)
      .where('s.date', '>=', addDays(from, -1))
      .where('s.date', '<=', addDays(to, 1))
      .execute(),
    // A blocked span lasts at most a day, so a lower bound on starts_at keeps the index scan to the range.
    db
      .selectFrom('appointment_blocks')
      .select(['starts_at', 'ends_at'])
      .where('user_id', '=', owner.id)
      .where('starts_at', '>', `${addDays(from, -3)}T00:00:00.000Z`)
      .where('starts_at', '<', hi)
      .where('ends_at', '>', lo)
      .execute(),
    db
      .selectFrom('slot_holds')
      .select(['blocks', 'expires_at'])
      .where('user_id', '=', owner.id)
      .where('status', 'in', ['held', 'paying'])
      .where('expires_at', '>', new Date(now).toISOString())
      .where('ends_at', '>', lo)
      .where('starts_at', '<', hi)
      .execute(),
  ]);
  const busy: Interval[] = [
    ...sessions.map((s) => {
      const start = toUtc(
        settings.time_zone,
        s.date,
        Number(s.start_time.slice(0, 2)) * 60 + Number(s.start_time.slice(3, 5)),
      );
      return { start, end: start + s.duration * 60_000 };
    }),
    ...blocks.map((b) => ({ start: Date.parse(b.starts_at), end: Date.parse(b.ends_at) })),
    ...holds.flatMap((h) =>
      (JSON.parse(h.blocks) as Array<[string, string]>).map(([a, b]) => ({ start: Date.parse(a), end: Date.parse(b) })),
    ),
  ];
  return { parts, busy, holdsLapse: Math.min(Infinity, ...holds.map((h) => Date.parse(h.expires_at))) };
}

/** The bookable start times (epoch ms) of one service of an owner between two dates, as of `now`. */
export async function bookableStarts(
  db: Db,
  owner: Pick<SessionUser, 'id' | 'settings' | 'region'>,
  service: { id: number },
  from: string,
  to: string,
  now = Date.now(),
): Promise<number[]> {
  return startsOf(owner, await availabilityData(db, owner, service, from, to, now), from, to, now);
}

/** The engine over data read before: the starts no earlier than `now` plus the owner's notice. */
export function startsOf(
  owner: Pick<SessionUser, 'settings' | 'region'>,
  { parts, busy }: AvailabilityData,
  from: string,
  to: string,
  now: number,
): number[] {
  const { settings, hours } = calendarOf(owner);
  return availableStarts({
    timeZone: settings.time_zone,
    from,
    to,
    businessHours: hours,
    busy,
    step: settings.slot_step,
    service: { parts },
    now,
    minNoticeMinutes: settings.min_notice_minutes,
  });
}
