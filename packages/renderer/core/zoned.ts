/**
 * Wall-clock times in a named IANA zone, for a form's date-time field and its display: the time an owner types is
 * in their business's zone, wherever the browser is. `YYYY-MM-DDTHH:mm` is the `datetime-local` input's value.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The zone's wall clock at an instant, as milliseconds of a UTC date with the same fields (to the second). The
 * server's slot search reads offsets through it too.
 * @example new Date(wallMs('Europe/Kyiv', Date.UTC(2026, 5, 1, 12))).toISOString() // '2026-06-01T15:00:00.000Z'
 */
export function wallMs(timeZone: string, ms: number): number {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second);
}

/** An instant (ISO) as the zone's wall time: ('2026-11-24T08:00:00Z', 'Europe/Kyiv') → '2026-11-24T10:00'. */
export function wallTimeIn(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(wallMs(timeZone, Math.floor(ms / 60_000) * 60_000)).toISOString().slice(0, 16);
}

/**
 * The instant (ISO, UTC) a wall time in the zone names: ('2026-11-24T10:00', 'Europe/Kyiv') → '2026-11-24T08:00:00.000Z'.
 * A time a clock change skips moves forward by the gap; one it repeats is its first occurrence.
 */
export function instantOfWallTime(local: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) return undefined;
  const wanted = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // The zone's offset near the wanted time, then checked at the result (it differs across a clock change).
  let guess = wanted - (wallMs(timeZone, wanted) - wanted);
  const offset = wallMs(timeZone, guess) - guess;
  guess = wanted - offset;
  const earlier = wanted - (wallMs(timeZone, guess - 3_600_000) - (guess - 3_600_000));
  if (earlier < guess && wallMs(timeZone, earlier) === wanted) guess = earlier;
  return new Date(guess).toISOString();
}
