import type { AvailabilityInput, Interval } from './availability.types';
import { merge, openWindows } from './availability.utils';

const MINUTE = 60_000;

/**
 * The bookable start times (UTC epoch ms, ascending) for a service between two local dates.
 *
 * A start is bookable when the whole service fits inside one open window, it is no earlier than now plus the
 * minimum notice, and none of its *blocked* parts overlaps a busy interval (free parts may: the owner is
 * available then). Starts step through each window from its opening.
 *
 * Pure and linear: busy intervals are merged once, and each blocked part keeps its own cursor into them, which
 * only moves forward as the candidate start does — O(slots × parts + busy), not O(slots × busy).
 */
export function availableStarts(input: AvailabilityInput): number[] {
  const { service, step } = input;
  const parts: Array<{ offset: number; length: number }> = [];
  let total = 0;
  for (const p of service.parts) {
    if (p.blocked) parts.push({ offset: total * MINUTE, length: p.duration * MINUTE });
    total += p.duration;
  }
  const duration = total * MINUTE;
  if (duration <= 0 || step <= 0) return [];
  const busy = merge(input.busy);
  const cursors = parts.map(() => 0);
  const earliest = input.now + (input.minNoticeMinutes ?? 0) * MINUTE;
  const out: number[] = [];

  for (const window of openWindows(input.timeZone, input.from, input.to, input.businessHours)) {
    for (let start = window.start; start + duration <= window.end; start += step * MINUTE) {
      if (start < earliest) continue;
      let free = true;
      for (let i = 0; i < parts.length && free; i++) {
        const s = start + parts[i].offset;
        const e = s + parts[i].length;
        // Skip busy intervals that end before this part starts; they end before every later candidate's too.
        while (cursors[i] < busy.length && busy[cursors[i]].end <= s) cursors[i]++;
        const b: Interval | undefined = busy[cursors[i]];
        if (b && b.start < e) free = false;
      }
      if (free) out.push(start);
    }
  }
  return out;
}

/**
 * The same answer by the obvious method — every candidate checked against every busy interval. Kept for the
 * benchmark and as the reference the engine is tested against.
 */
export function availableStartsNaive(input: AvailabilityInput): number[] {
  const out: number[] = [];
  let total = 0;
  const parts = input.service.parts.map((p) => {
    const part = { offset: total * MINUTE, length: p.duration * MINUTE, blocked: p.blocked };
    total += p.duration;
    return part;
  });
  const earliest = input.now + (input.minNoticeMinutes ?? 0) * MINUTE;
  for (const window of openWindows(input.timeZone, input.from, input.to, input.businessHours)) {
    for (let start = window.start; start + total * MINUTE <= window.end; start += input.step * MINUTE) {
      if (start < earliest) continue;
      const clash = parts.some(
        (p) => p.blocked && input.busy.some((b) => b.start < start + p.offset + p.length && start + p.offset < b.end),
      );
      if (!clash) out.push(start);
    }
  }
  return out;
}
