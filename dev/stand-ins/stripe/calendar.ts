/** How often a recurring price bills, as Stripe names it. */
export type Interval = 'day' | 'week' | 'month' | 'year';

export const INTERVALS: readonly Interval[] = ['day', 'week', 'month', 'year'];

/**
 * `anchor` (unix seconds) moved on by `n` intervals in UTC, keeping the time of day. Months and years keep the
 * anchor's day of the month, or the month's last day when it is shorter, as Stripe bills: anchored on 31 January,
 * the next periods end on 28 (or 29) February, then 31 March.
 */
export function addIntervals(anchor: number, interval: Interval, n: number): number {
  if (interval === 'day') return anchor + n * 86_400;
  if (interval === 'week') return anchor + n * 7 * 86_400;
  const d = new Date(anchor * 1000);
  const month = d.getUTCMonth() + (interval === 'year' ? 12 * n : n);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(d.getUTCFullYear(), month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
}

/**
 * The end of the billing period that starts at `start`, for a cycle anchored at `anchor`: the first of anchor +
 * k × (`count` intervals) after `start`. Counting from the anchor, not from the last period's end, is what keeps
 * a cycle on the 31st after a short month.
 */
export function periodEnd(anchor: number, interval: Interval, count: number, start: number): number {
  let k = 1;
  while (addIntervals(anchor, interval, k * count) <= start) k++;
  return addIntervals(anchor, interval, k * count);
}

/** A date in words for pages and line descriptions ("31 Jan 2027"), in UTC. */
export const dateText = (unix: number): string =>
  new Date(unix * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
