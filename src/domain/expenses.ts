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
