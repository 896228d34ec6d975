import { localDate } from './availability/zoned-time';

/**
 * Calendar dates (`YYYY-MM-DD`) as an owner lives them. "Today" is the owner's, in their IANA zone: just after
 * midnight in Kyiv, or in London in summer, the UTC date is still yesterday's.
 */

const DAY_MS = 86_400_000;

/** The date it is now in `timeZone`: todayIn('Europe/Kyiv', Date.parse('2026-11-23T22:30:00Z')) → '2026-11-24'. */
export const todayIn = (timeZone: string, now: number = Date.now()): string => localDate(timeZone, now);

/** A date moved by whole days, across months, years and clock changes alike: addDays('2026-12-31', 1) → '2027-01-01'. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The day of the week of a date, 0 for Sunday to 6 for Saturday: weekdayOf('2026-11-23') → 1. Read from the date's
 * numbers, without parsing text into a Date (a year's days are counted per weekday on every analytics read).
 */
export const weekdayOf = (date: string): number =>
  (Math.floor(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS) + 4) % 7;

/** Minutes since midnight of a clock time: minutesOfDay('09:30') → 570. */
export const minutesOfDay = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};
