import type { BusinessDay, ClockTime, Interval } from './availability.types';
import { eachDate, toUtc, weekday } from './zoned-time';

export const minutesOf = (time: ClockTime): number => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};

/** Sorts and merges overlapping or touching intervals. */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/**
 * The open windows between two local dates as UTC intervals: business hours minus breaks, each local time
 * converted in the owner's zone (so DST days are as long as they really are). Windows that touch across
 * midnight merge, so a service may run past midnight when the next day opens at 00:00.
 */
export function openWindows(timeZone: string, from: string, to: string, hours: BusinessDay[]): Interval[] {
  const byDay = new Map(hours.map((h) => [h.weekday, h]));
  const windows: Interval[] = [];
  for (const date of eachDate(from, to)) {
    const day = byDay.get(weekday(date));
    if (!day?.open) continue;
    let spans: Array<[number, number]> = [[minutesOf(day.start), minutesOf(day.end)]];
    for (const b of day.breaks ?? []) {
      const [bs, be] = [minutesOf(b.start), minutesOf(b.end)];
      spans = spans.flatMap(([s, e]): Array<[number, number]> =>
        be <= s || bs >= e
          ? [[s, e]]
          : ([
              [s, bs],
              [be, e],
            ].filter(([x, y]) => y > x) as Array<[number, number]>),
      );
    }
    for (const [s, e] of spans) windows.push({ start: toUtc(timeZone, date, s), end: toUtc(timeZone, date, e) });
  }
  return merge(windows);
}
