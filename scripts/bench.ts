/**
 * `npm run bench`: measures, on this machine, and prints one table.
 *  1. GET /api/v1/clients?page=1 through the real app (session, CSRF plugin, CASL → SQL, Kysely, serialiser)
 *     over 100k clients of 1k owners on SQLite, beside a bare Fastify route answering the same page straight
 *     from better-sqlite3 — 50 connections, same run.
 *  2. A first visit from a phone (bench-visit.ts): Lighthouse's mobile conditions through CDP, the public booking
 *     page and /login cold, /dashboard warm — LCP, total blocking time, bytes on the wire, requests before content.
 *  3. A 500-field form: mount time and keystroke latency of our renderer's form (rjsf + lean MUI templates)
 *     beside plain @rjsf/core and stock @rjsf/mui, same run.
 *  4. Bookable start times for 60 days (3-part service, 5,000 appointments): the availability engine beside a
 *     straightforward per-slot check.
 *  5. Public slot listing, one month, for an owner with 5,000 appointments, through the real HTTP endpoint at 20
 *     connections (p95).
 *  6. Payments (bench-payments.ts): the income statistic, the payments list beside a bare route, a checkout, and
 *     the income export's time and memory at 10k and 50k rows.
 *  7. Messages (bench-messages.ts): the reminder clock's scan over 100,000 upcoming appointments.
 * `npm run bench -- api visit form availability booking payments messages` picks sections.
 * Nothing here is asserted: the targets are printed beside the figures.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import webpack from 'webpack';
import { buildApp } from '../src/server/build';
import { coldVisits, summarise, warmVisits } from './bench-visit';
import { loadConfig } from '../src/server/config';
import { seedDemoData } from '../src/server/db/seed';
import { benchInvoices } from './bench-invoices';
import { benchPayments } from './bench-payments';
import { benchMessages } from './bench-messages';
import { availableStarts, availableStartsNaive } from '../src/domain/availability/availability';
import type { AvailabilityInput } from '../src/domain/availability/availability.types';

const root = path.resolve(__dirname, '..');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const rows: Array<[string, string, string]> = [];
const row = (what: string, figure: string, target = '') => rows.push([what, figure, target]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-bench-'));

/** autocannon in its own process, so the load generator does not share the server's event loop. */
/** GET /api/v1/user req/s this bench measured before billing came (commit bfff39e, mean of two runs: 3044, 2503). */
const USER_BEFORE_BILLING = 2774;

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const args = [
    '-c',
    '50',
    '-d',
    String(seconds),
    '-j',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  const { stdout } = await promisify(execFile)(path.join(root, 'node_modules', '.bin', 'autocannon'), args, {
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function benchApi(): Promise<void> {
  const config = loadConfig(
    {},
    {
      databaseUrl: `sqlite:${path.join(tmp, 'bench.db')}`,
      uploadsDir: path.join(tmp, 'uploads'),
      webDir: path.join(tmp, 'none'),
      logger: false,
    },
  );
  const app = await buildApp(config);
  const sqlite = app.dbHandle.sqlite!;
  const now = new Date().toISOString();
  const insertUser = sqlite.prepare(
    `insert into users (email, password_hash, first_name, last_name, plan_name, subscription_status, created_at, updated_at) values (?, 'x', 'Owner', ?, 'Premium Monthly', 'active', ?, ?)`,
  );
  const insertClient = sqlite.prepare(
    `insert into clients (user_id, first_name, last_name, email, phone, city, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const names = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Grace', 'Leo'];
  sqlite.transaction(() => {
    for (let u = 1; u <= 1000; u++) {
      insertUser.run(`owner${u}@bench.test`, String(u), now, now);
      for (let c = 0; c < 100; c++)
        insertClient.run(
          u,
          names[(u + c) % 10],
          `Client${c}`,
          `c${u}-${c}@bench.test`,
          `+44 7700 ${String(c).padStart(6, '0')}`,
          'London',
          now,
          now,
        );
    }
  })();
  const cookie = crypto.randomBytes(32).toString('base64url');
  sqlite
    .prepare(`insert into sessions (id, user_id, csrf_token, expires_at, created_at) values (?, 500, 'x', ?, ?)`)
    .run(
      crypto.createHash('sha256').update(cookie).digest('hex'),
      new Date(Date.now() + 86_400_000).toISOString(),
      now,
    );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/clients?page=1`;

  const bare = Fastify();
  const page = sqlite.prepare(
    `select id, first_name, last_name, email, phone, birthday, notes, address_1, address_2, city, state, post_code, billing_address, email_reminders, sms_reminders, marketing_messages, opt_out, archived_at, last_appointment_date, main_photo, created_at, updated_at from clients where user_id = ? and archived_at is null order by first_name, id limit 25`,
  );
  const count = sqlite.prepare(`select count(*) as total from clients where user_id = ? and archived_at is null`);
  bare.get('/bare', async () => {
    const total = (count.get(500) as { total: number }).total;
    return { data: page.all(500), meta: { current_page: 1, last_page: Math.ceil(total / 25), per_page: 25, total } };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  const check = await fetch(appUrl, { headers: { cookie: `soloist_session=${cookie}` } });
  const body = (await check.json()) as { data: unknown[] };
  if (check.status !== 200 || body.data.length !== 25) throw new Error(`clients list answered ${check.status}`);

  await load(appUrl, { cookie: `soloist_session=${cookie}` }, 2); // warm-up
  await load(bareUrl, {}, 2);
  const ours = await load(appUrl, { cookie: `soloist_session=${cookie}` }, 10);
  const base = await load(bareUrl, {}, 10);
  row('clients list req/s (app, 50 conn)', ours.rps.toFixed(0), `≥ ${(base.rps * 0.5).toFixed(0)} (0.5 × bare)`);
  row('clients list p99 (app)', `${ours.p99} ms`, '≤ 25 ms');
  row('bare better-sqlite3 route req/s', base.rps.toFixed(0));
  row('bare route p99', `${base.p99} ms`);
  row('ratio app / bare', (ours.rps / base.rps).toFixed(2), '≥ 0.50');
  if (ours.errors || base.errors) row('errors during load', `${ours.errors} / ${base.errors}`, '0');

  // The signed-in user, now with the subscription's billing state and the credit balances, beside the figure this
  // bench printed for it before billing was added (same machine): within 10 %.
  const userUrl = appUrl.replace('/api/v1/clients?page=1', '/api/v1/user');
  await load(userUrl, { cookie: `soloist_session=${cookie}` }, 2);
  const user = await load(userUrl, { cookie: `soloist_session=${cookie}` }, 10);
  row(
    'GET /api/v1/user req/s (app, 50 conn)',
    `${user.rps.toFixed(0)} (before billing: ${USER_BEFORE_BILLING})`,
    `≥ ${(USER_BEFORE_BILLING * 0.9).toFixed(0)} (0.9 × before)`,
  );
  await bare.close();
  await app.close();
}

/** A first visit from a phone under Lighthouse's mobile conditions, against the production build as served. */
async function benchVisits(browser: Browser): Promise<void> {
  if (!fs.existsSync(path.join(root, 'dist', 'web', 'index.html')))
    throw new Error('run `npm run build` first: the visit benchmark measures the production build');
  const config = loadConfig(
    {},
    { databaseUrl: `sqlite:${path.join(tmp, 'web.db')}`, uploadsDir: path.join(tmp, 'uploads'), logger: false },
  );
  const app = await buildApp(config);
  await seedDemoData(app.db, app.dialect, app.schemas.i18n.translator('en'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  row(
    '/online-booking/{slug}, cold, mobile (median of 5)',
    summarise(await coldVisits(browser, `${base}/online-booking/olivia-hart`)),
    'LCP ≤ 2.0 s · TBT ≤ 150 ms · ≤ 150 KB',
  );
  row(
    '/login, cold, mobile (median of 5)',
    summarise(await coldVisits(browser, `${base}/login`)),
    'LCP ≤ 2.0 s · TBT ≤ 150 ms · ≤ 200 KB',
  );
  row(
    '/dashboard, warm, logged in, mobile (median of 5)',
    summarise(await warmVisits(browser, base, '/dashboard', { email: 'owner@demo.test', password: 'Demo-pass-1' })),
    'LCP ≤ 1.0 s',
  );
  await app.close();
}

async function buildFormBench(): Promise<string> {
  const out = path.join(tmp, 'form-bench');
  const config = (await import('../webpack.config')).default(undefined, { mode: 'production' });
  config.entry = { bench: path.join(root, 'tests', 'bench', 'form-bench.tsx') };
  config.output = { ...config.output, path: out, publicPath: '/' };
  config.devtool = false;
  await new Promise<void>((resolve, reject) =>
    webpack(config, (err, stats) =>
      err || stats?.hasErrors() ? reject(err ?? new Error(stats!.toString('errors-only'))) : resolve(),
    ),
  );
  return out;
}

async function benchForm(browser: Browser): Promise<void> {
  const dir = await buildFormBench();
  const server = Fastify();
  await server.register((await import('@fastify/static')).default, { root: dir });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.server.address() as { port: number }).port}/index.html`;
  // Runs interleave the engines, each run in a rotated order, so the machine's drift falls on all three alike.
  // Keystrokes are pooled over the runs; ours and plain core are compared with a bootstrap over whole runs
  // (both engines' keystrokes of the same runs), which keeps what a run shares paired.
  const RUNS = 11;
  const engines = ['core', 'mui', 'ours'] as const;
  const runs: Record<string, Array<{ mount: number; keystrokes: number[] }>> = { core: [], mui: [], ours: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const engine of [...engines.slice(run % 3), ...engines.slice(0, run % 3)]) {
      const page = await browser.newPage();
      await page.goto(`${base}?engine=${engine}`);
      await page.waitForFunction(() => Boolean(window.__bench));
      await page.evaluate(() => window.__bench.run(20)); // warm-up keystrokes
      await page.evaluate(() => {
        window.__bench.keystrokes = [];
        window.__bench.run(150);
      });
      runs[engine].push(
        await page.evaluate(() => ({ mount: window.__bench.mount, keystrokes: window.__bench.keystrokes })),
      );
      await page.close();
    }
  }
  const pooled = (engine: string, picks: number[]) => picks.flatMap((i) => runs[engine][i].keystrokes);
  const all = Array.from({ length: RUNS }, (_, i) => i);
  const mount = (engine: string) => median(runs[engine].map((r) => r.mount));
  const label = { core: 'plain @rjsf/core', mui: 'stock @rjsf/mui', ours: 'ours (rjsf + lean MUI look)' } as Record<
    string,
    string
  >;
  for (const engine of ['ours', 'core', 'mui']) {
    const keys = pooled(engine, all);
    const target =
      engine === 'ours' ? `p95 ≤ 16 ms and ≤ core; mount ≤ ${(mount('core') * 1.2).toFixed(0)} ms (1.2 × core)` : '';
    row(
      `500-field form, ${label[engine]}`,
      `mount ${mount(engine).toFixed(0)} ms · key median ${median(keys).toFixed(1)} ms · p95 ${p95(keys).toFixed(1)} ms`,
      target,
    );
  }
  let seed = 7;
  const pick = () => Math.floor(((seed = (seed * 16807) % 2147483647) / 2147483647) * RUNS);
  const diffs = Array.from({ length: 1000 }, () => {
    const sample = all.map(pick);
    return p95(pooled('ours', sample)) - p95(pooled('core', sample));
  }).sort((a, b) => a - b);
  const diff = p95(pooled('ours', all)) - p95(pooled('core', all));
  row(
    `500-field form: ours − core, keystroke p95 (${RUNS} runs × 150 keys)`,
    `${diff >= 0 ? '+' : ''}${diff.toFixed(1)} ms (95 % CI ${diffs[25].toFixed(1)} … ${diffs[974].toFixed(1)})`,
    '≤ 0, or 0 within the CI',
  );
  await server.close();
}

/** Bookable starts for 60 days, a blocked–free–blocked service, 5,000 appointments: engine vs per-slot check. */
function benchAvailability(): void {
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
async function benchBooking(): Promise<void> {
  const config = loadConfig(
    {},
    {
      databaseUrl: `sqlite:${path.join(tmp, 'booking.db')}`,
      uploadsDir: path.join(tmp, 'uploads'),
      webDir: path.join(tmp, 'none'),
      logger: false,
    },
  );
  const app = await buildApp(config);
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
    'p95 ≤ 50 ms',
  );
  await app.close();
}

function print(): void {
  const widths = [0, 1, 2].map((i) =>
    Math.max(...rows.map((r) => r[i].length), ['measure', 'figure', 'target'][i].length),
  );
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(['measure', 'figure', 'target'])}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(`\n${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`);
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const want = (name: string) => only.length === 0 || only.includes(name);
  if (want('availability')) benchAvailability();
  if (want('booking')) await benchBooking();
  if (want('api')) await benchApi();
  if (want('payments')) await benchPayments(row, tmp);
  if (want('invoices')) await benchInvoices(row);
  if (want('messages')) await benchMessages(row, tmp);
  if (want('visit') || want('form')) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      if (want('visit')) await benchVisits(browser);
      if (want('form')) await benchForm(browser);
    } finally {
      await browser.close();
    }
  }
  print();
  fs.rmSync(tmp, { recursive: true, force: true });
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
