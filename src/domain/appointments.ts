import type { Interval } from './availability/availability.types';
import { localDate, offsetAt, toUtc } from './availability/zoned-time';
import { addDays, minutesOfDay } from './dates';

export type Frequency = 'daily' | 'weekly' | 'monthly';
export const ATTENDANCE = ['pending', 'attended', 'cancelled', 'noShow'] as const;
export const MAX_OCCURRENCES = 366;

const MINUTE = 60_000;

/** The local dates of a series: from the first date, every `interval` days/weeks/months, up to the end date. */
export function occurrenceDates(start: string, frequency: Frequency, interval: number, end: string): string[] {
  const out: string[] = [];
  const [y, m, d] = start.split('-').map(Number);
  for (let i = 0; out.length < MAX_OCCURRENCES; i++) {
    let date: string;
    if (frequency === 'monthly') {
      const candidate = new Date(Date.UTC(y, m - 1 + i * interval, d));
      // The 31st of a shorter month does not exist: that month is skipped, as calendars do.
      if (candidate.getUTCDate() !== d) continue;
      date = candidate.toISOString().slice(0, 10);
    } else {
      date = addDays(start, i * interval * (frequency === 'weekly' ? 7 : 1));
    }
    if (date > end) break;
    out.push(date);
  }
  return out;
}

export interface Shape {
  type: 'service' | 'private' | 'blocked';
  date: string;
  start_time: string;
  duration: number;
  all_day: boolean;
  /** The service's parts, for a service appointment. */
  parts?: Array<{ duration: number; blocked: boolean }>;
}

export interface Spans {
  starts_at: number;
  ends_at: number;
  end_time: string;
  duration: number;
  /** When the owner is taken: blocked parts of a service, all of private or blocked time. */
  blocks: Interval[];
}

/** Where an appointment lies in real time, in the owner's zone, and which parts of it take the owner. */
export function spans(shape: Shape, timeZone: string): Spans {
  if (shape.all_day) {
    const start = toUtc(timeZone, shape.date, 0);
    const end = toUtc(timeZone, addDays(shape.date, 1), 0);
    return {
      starts_at: start,
      ends_at: end,
      end_time: '24:00',
      duration: Math.round((end - start) / MINUTE),
      blocks: [{ start, end }],
    };
  }
  const start = toUtc(timeZone, shape.date, minutesOfDay(shape.start_time));
  const parts =
    shape.type === 'service' && shape.parts?.length ? shape.parts : [{ duration: shape.duration, blocked: true }];
  const blocks: Interval[] = [];
  let at = start;
  for (const p of parts) {
    if (p.blocked) blocks.push({ start: at, end: at + p.duration * MINUTE });
    at += p.duration * MINUTE;
  }
  const local = new Date(at + offsetAt(timeZone, at));
  const sameDay = localDate(timeZone, at) === shape.date;
  const end_time = sameDay ? local.toISOString().slice(11, 16) : '24:00';
  return { starts_at: start, ends_at: at, end_time, duration: Math.round((at - start) / MINUTE), blocks };
}
