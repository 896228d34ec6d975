/**
 * Availability (bench sections `availability` and `booking`): bookable start times for 60 days (3-part service,
 * 5,000 appointments) from the engine beside a straightforward per-slot check, and the public slot listing for a
 * month through the real HTTP endpoint at 20 connections.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { availableStarts, availableStartsNaive } from '../src/domain/availability/availability';
import type { AvailabilityInput } from '../src/domain/availability/availability.types';
import { benchApp } from './bench-app';
import { freshReads, raiseVersion } from './bench-fresh';

type Row = (what: string, figure: string, target?: string) => void;

const root = path.resolve(__dirname, '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Bookable starts for 60 days, a blocked–free–blocked service, 5,000 appointments: engine vs per-slot check. */
export function benchAvailability(row: Row): void {
  let seed = 42;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const from = Date.parse('2027-01-04T00:00:00Z');
  // An owner's 5,000 appointments over a year around the searched 60 days, as the database would hold them.
  const busy = Array.from({ length: 5000 }, () => {
    const day = Math.floor(rnd() * 365) - 150;
    const start = from + day * 86_400_000 + (8 * 60 + Math.floor(rnd() * 40) * 15) * 60_000;
    return { start, end: start + (1 + Math.floor(rnd() * 4)) * 15 * 60_000 };
  });
  const input: AvailabilityInput = {
    timeZone: 'Europe/London',
    from: '2027-01-04',
    to: '2027-03-04',
    step: 15,
    now: from,
    minNoticeMinutes: 60,
    busy,
    businessHours: Array.from({ length: 7 }, (_, weekday) => ({
      weekday,
      open: weekday !== 0,
      start: '08:00',
      end: '20:00',
      breaks: [{ start: '13:00', end: '13:30' }],
    })),
    service: {
      parts: [
        { duration: 30, blocked: true },
        { duration: 45, blocked: false },
        { duration: 30, blocked: true },
      ],
    },
  };
  const time = (fn: () => unknown, runs: number) => {
    const xs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      fn();
      xs.push(performance.now() - t0);
    }
    return median(xs);
  };
  time(() => availableStarts(input), 20); // warm-up (and the zone offset cache)
  const fast = time(() => availableStarts(input), 101);
  const naive = time(() => availableStartsNaive(input), 5);
  const slots = availableStarts(input).length;
  row('availability: 60 days, 3 parts, 5k appointments (median)', `${fast.toFixed(2)} ms (${slots} starts)`, '< 5 ms');
  row('availability: straightforward per-slot check (median)', `${naive.toFixed(1)} ms`);
}

/** GET /api/v1/online-booking/{slug}/services/{id}/slots for a month: the real app, an owner with 5,000 appointments. */
export async function benchBooking(row: Row, tmp: string): Promise<void> {
  const app = await benchApp(tmp, 'booking');
  const sqlite = app.dbHandle.sqlite!;
  const now = new Date().toISOString();
  const hours = Array.from({ length: 7 }, (_, i) => ({
    id: i + 1,
    weekday: (i + 1) % 7,
    open: i < 6,
    start: '08:00',
    end: '20:00',
    breaks: [{ start: '13:00', end: '13:30' }],
  }));
  const settings = JSON.stringify({
    businessTimeSettings: hours,
    bookingSettings: { enabled: true, remember_days: 30, deposit_mode: 'per_service', class_ids: [], package_ids: [] },
  });
  const owner = Number(
    sqlite
      .prepare(
        `insert into users (email, password_hash, first_name, last_name, plan_name, subscription_status, settings, booking_slug, created_at, updated_at) values ('bench@bench.test', 'x', 'Bench', 'Owner', 'Premium Monthly', 'active', ?, 'bench', ?, ?)`,
      )
      .run(settings, now, now).lastInsertRowid,
  );
  const service = Number(
    sqlite
      .prepare(
        `insert into services (user_id, title, colour, price, duration, multipart, online_booking, public_id, created_at, updated_at) values (?, 'Colour', '#c2185b', 9000, 105, 1, 1, 'bench-colour', ?, ?)`,
      )
      .run(owner, now, now).lastInsertRowid,
  );
  const part = sqlite.prepare(
    'insert into service_parts (service_id, position, title, duration, blocked) values (?, ?, ?, ?, ?)',
  );
  [
    [30, 1],
    [45, 0],
    [30, 1],
  ].forEach(([d, b], i) => part.run(service, i, `Part ${i + 1}`, d, b));
  // 5,000 appointments over a year around the searched month, as the calendar would hold them.
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const insertAppointment = sqlite.prepare(
    `insert into appointments (user_id, type, title, date, start_time, end_time, duration, starts_at, ends_at, created_at, updated_at) values (?, 'private', 'Busy', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBlock = sqlite.prepare(
    'insert into appointment_blocks (appointment_id, user_id, starts_at, ends_at) values (?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let i = 0; i < 5000; i++) {
      const start =
        today + (Math.floor(rnd() * 365) - 150) * 86_400_000 + (8 * 60 + Math.floor(rnd() * 40) * 15) * 60_000;
      const minutes = (1 + Math.floor(rnd() * 4)) * 15;
      const s = new Date(start).toISOString();
      const e = new Date(start + minutes * 60_000).toISOString();
      const id = insertAppointment.run(
        owner,
        s.slice(0, 10),
        s.slice(11, 16),
        e.slice(11, 16),
        minutes,
        s,
        e,
        now,
        now,
      ).lastInsertRowid;
      insertBlock.run(id, owner, s, e);
    }
  })();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const from = new Date(today + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(today + 31 * 86_400_000).toISOString().slice(0, 10);
  const url = `${base}/api/v1/online-booking/bench/services/bench-colour/slots?from=${from}&to=${to}`;
  const check = await fetch(url);
  const starts = ((await check.json()) as { data: string[] }).data.length;
  const run = async (seconds: number) =>
    JSON.parse(
      (await promisify(execFile)('node', [path.join(root, 'scripts', 'bench-load.mjs'), url, '20', String(seconds)]))
        .stdout,
    ) as { rps: number; p50: number; p95: number; errors: number };
  await run(3); // warm-up
  const r = await run(10);
  row(
    'public slots, 1 month, 5k appointments, 20 conn',
    `p95 ${r.p95.toFixed(1)} ms · p50 ${r.p50.toFixed(1)} ms · ${r.rps.toFixed(0)} req/s · ${starts} starts · ${r.errors} errors`,
    'p95 ≤ 25 ms',
  );
  const fresh = await freshReads(url, {}, raiseVersion(sqlite, 'availability_versions', owner));
  row(
    '  · each read after a write (computed afresh), 1 conn',
    `p95 ${fresh.p95.toFixed(1)} ms · p50 ${fresh.p50.toFixed(1)} ms`,
  );
  await app.close();
}
