import { addDays } from './dates';

/** How an expense repeats. */
export const RECURRENCES = ['never', 'weekly', 'monthly', 'yearly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** The most occurrences one series writes in a single run (a weekly expense over twenty years). */
export const MAX_EXPENSE_OCCURRENCES = 1100;

/**
 * The k-th occurrence (0 is the first) of a series that started on `anchor`: every 7 days, or the same day of each
 * month or year — on the month's last day when the month is shorter (a rent paid on 31 January is paid on 28 or
 * 29 February, then on 31 March again). Dates are local days: time zones and daylight saving do not move them.
 */
export function expenseOccurrence(anchor: string, recurrence: Recurrence, k: number): string {
  if (recurrence === 'never') return anchor;
  if (recurrence === 'weekly') return addDays(anchor, 7 * k);
  const [y, m, d] = anchor.split('-').map(Number);
  const months = recurrence === 'monthly' ? k : 12 * k;
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The occurrences of a series due up to `today` (and not after `end`), from the k-th on, and the date it falls due
 * next (null once it has ended).
 */
export function dueOccurrences(
  anchor: string,
  recurrence: Recurrence,
  from: number,
  today: string,
  end: string | null,
): { due: Array<{ k: number; date: string }>; next: string | null } {
  const due: Array<{ k: number; date: string }> = [];
  if (recurrence === 'never') return { due, next: null };
  for (let k = from; due.length < MAX_EXPENSE_OCCURRENCES; k++) {
    const date = expenseOccurrence(anchor, recurrence, k);
    if (end !== null && date > end) return { due, next: null };
    if (date > today) return { due, next: date };
    due.push({ k, date });
  }
  return { due, next: expenseOccurrence(anchor, recurrence, from + due.length) };
}

/** A level of the mileage rate: `rate` in minor units per mile, up to `up_to` miles in a tax year (null: no limit). */
export interface MileageLevel {
  rate: number;
  up_to: number | null;
}

/** The approved mileage rates for a car in Great Britain: 45p a mile for the first 10,000 miles a year, then 25p. */
export const GB_MILEAGE_LEVELS: MileageLevel[] = [
  { rate: 45, up_to: 10_000 },
  { rate: 25, up_to: null },
];

/**
 * What `miles` cost when `before` miles were already driven in the tax year: each mile at the rate of the level
 * it falls in, so a trip that crosses a threshold is split across levels. Rounded to whole minor units (half away
 * from zero) once, over the whole trip.
 */
export function mileageCost(levels: MileageLevel[], before: number, miles: number): number {
  let cost = 0;
  let at = before;
  const end = before + miles;
  let floor = 0;
  for (const level of levels) {
    const ceiling = level.up_to ?? Infinity;
    if (end > floor && at < ceiling) {
      const from = Math.max(at, floor);
      const to = Math.min(end, ceiling);
      if (to > from) {
        cost += (to - from) * level.rate;
        at = to;
      }
    }
    floor = ceiling;
    if (at >= end) break;
  }
  return Math.sign(cost) * Math.round(Math.abs(cost));
}

/** The tax year a day falls in, from its first day (`start`: month and day, 6 April by default) to the day before the next. */
export function taxYearOf(date: string, start = '04-06'): { from: string; to: string } {
  const year = Number(date.slice(0, 4));
  const first = date.slice(5) >= start ? year : year - 1;
  const next = `${first + 1}-${start}`;
  const to = addDays(next, -1);
  return { from: `${first}-${start}`, to };
}
