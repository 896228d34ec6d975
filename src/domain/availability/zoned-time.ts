/**
 * Wall-clock time in an IANA zone ⇄ UTC instants, with Intl only (no zone data shipped). Offsets are cached per
 * zone and hour, which is all a 60-day slot search needs.
 */
import { wallMs } from '@soloist/renderer/core';

const HOUR = 3_600_000;
const offsets = new Map<string, number>();

/** The zone's offset from UTC, in ms, at an instant (positive east of Greenwich). */
export function offsetAt(timeZone: string, instant: number): number {
  const key = `${timeZone}|${Math.floor(instant / HOUR)}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const offset = wallMs(timeZone, instant) - Math.floor(instant / 1000) * 1000;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/**
 * The instant a local wall-clock time names. A time skipped by a spring change (01:30 in London on the last
 * Sunday of March) moves forward by the gap, as clocks do; a time that happens twice in autumn is its first
 * occurrence.
 */
export function toUtc(timeZone: string, date: string, minutes: number): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  // The offsets in force half a day either side cover any one change; try the wall time with each.
  const candidates = [wall - offsetAt(timeZone, wall - 12 * HOUR), wall - offsetAt(timeZone, wall + 12 * HOUR)];
  const valid = candidates.filter((t) => t + offsetAt(timeZone, t) === wall);
  // Twice in autumn: the first occurrence. Never in spring: the later candidate, i.e. moved on by the gap.
  return valid.length ? Math.min(...valid) : Math.max(...candidates);
}

/** The local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(timeZone: string, instant: number): string {
  return new Date(instant + offsetAt(timeZone, instant)).toISOString().slice(0, 10);
}

/** Local dates from `from` to `to`, inclusive. */
export function eachDate(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
