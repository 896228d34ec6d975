/**
 * The analytics benchmarks of `npm run bench` (section `analytics`):
 *  1. GET /data/statistic (the dashboard) and GET /data/analytics for a year with advanced reporting, at 20
 *     connections (p95), for one owner with 50,000 ledger rows and 20,000 appointments in the year;
 *  2. (with a browser, section `visit`) the JavaScript the dashboard's first load transfers, its charts included, and
 *     each chart type's chunk, compressed as served.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { benchApp } from './bench-app';
import { load, seedLedger } from './bench-payments';
import { freshReads, raiseVersion } from './bench-fresh';

type Row = (what: string, figure: string, target?: string) => void;
const root = path.resolve(__dirname, '..');
const YEAR = '2026';

/**
 * 20,000 service appointments over the year for the owner, of three services, each with one of their clients and an
 * attendance: their ids, which the ledger's appointment payments pay in turn (income by service reads real sums).
 */
export function seedAppointments(
  app: Awaited<ReturnType<typeof benchApp>>,
  owner: number,
  clients: number[],
): number[] {
  const sqlite = app.dbHandle.sqlite!;
  const now = new Date().toISOString();
  const addService = sqlite.prepare(
    `insert into services (user_id, title, price, duration, created_at, updated_at) values (?, ?, 4500, 45, ?, ?)`,
  );
  const services = ['Cut', 'Colour', 'Blow-dry'].map((title) =>
    Number(addService.run(owner, title, now, now).lastInsertRowid),
  );
  const appointment = sqlite.prepare(
    `insert into appointments (user_id, type, service_id, date, start_time, end_time, duration, all_day, starts_at, ends_at, price, zoom, created_at, updated_at) values (?, 'service', ?, ?, ?, ?, 45, 0, ?, ?, 4500, 0, ?, ?)`,
  );
  const attendee = sqlite.prepare(
    `insert into appointment_clients (appointment_id, client_id, status, position) values (?, ?, ?, 0)`,
  );
  const ids: number[] = [];
  const statuses = ['attended', 'attended', 'attended', 'attended', 'attended', 'attended', 'noShow', 'cancelled'];
  sqlite.transaction(() => {
    for (let i = 0; i < 20_000; i++) {
      const date = new Date(Date.UTC(Number(YEAR), 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
      const hour = 8 + (i % 10);
      const start = `${String(hour).padStart(2, '0')}:${i % 2 ? '00' : '30'}`;
      const end = `${String(hour + (i % 2 ? 0 : 1)).padStart(2, '0')}:${i % 2 ? '45' : '15'}`;
      const id = Number(
        appointment.run(
          owner,
          services[i % 3],
          date,
          start,
          end,
          `${date}T${start}:00Z`,
          `${date}T${end}:00Z`,
          now,
          now,
        ).lastInsertRowid,
      );
      attendee.run(id, clients[i % clients.length], statuses[i % statuses.length]);
      ids.push(id);
    }
  })();
  return ids;
}

export async function benchAnalytics(row: Row, tmp: string): Promise<void> {
  const app = await benchApp(tmp, 'analytics');
  const { main, cookies } = seedLedger(app, (owner, clients) => seedAppointments(app, owner, clients));
  const cookie = cookies.get(main)!;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const raise = raiseVersion(app.dbHandle.sqlite!, 'figure_versions', main);
  for (const [what, url, target] of [
    [
      'GET /data/statistic (dashboard), 50k payments + 20k appointments, 20 conn',
      `${base}/api/v1/data/statistic`,
      'p95 ≤ 25 ms',
    ],
    [
      'GET /data/analytics, a year, advanced, 50k payments + 20k appointments, 20 conn',
      `${base}/api/v1/data/analytics?from=${YEAR}-01-01&to=${YEAR}-12-31&advanced=1`,
      'p95 ≤ 40 ms',
    ],
  ] as const) {
    const check = await fetch(url, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`${url}: ${check.status} ${await check.text()}`);
    await load(url, 20, 3, { cookie });
    const s = await load(url, 20, 10, { cookie });
    row(
      what,
      `p95 ${s.p95.toFixed(1)} ms · p50 ${s.p50.toFixed(1)} ms · ${s.rps.toFixed(0)} req/s · ${s.errors} errors`,
      target,
    );
    const fresh = await freshReads(url, { cookie }, raise);
    row(
      '  · each read after a write (computed afresh), 1 conn',
      `p95 ${fresh.p95.toFixed(1)} ms · p50 ${fresh.p50.toFixed(1)} ms`,
    );
  }
  await app.close();
}

/** The dashboard's first load, logged in, with an empty cache: the JavaScript it transfers, compressed. */
export async function dashboardWeight(row: Row, browser: Browser, base: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const login = await context.newPage();
  await login.goto(`${base}/login`);
  await login.getByLabel('Email').fill('owner@demo.test');
  await login.getByLabel('Password').fill('Demo-pass-1');
  await login.getByRole('button', { name: 'Log in' }).click();
  await login.waitForURL(/\/dashboard$/);
  await login.close();
  const page = await context.newPage();
  await page.route('**/sw.js', (route) => route.abort()); // no service worker: every byte comes over the wire
  const scripts: Array<Promise<number>> = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      scripts.push(
        res
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      );
  });
  await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
  await page.getByRole('img', { name: /Income by week/ }).waitFor();
  const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  row(
    '/dashboard first load JS, charts included (bytes on the wire)',
    `${(bytes / 1024).toFixed(0)} KB in ${scripts.length} files`,
    '≤ 320 KB gzip',
  );
  await context.close();
  const web = path.join(root, 'dist', 'web');
  const chunks = fs
    .readdirSync(web, { recursive: true })
    .map(String)
    .filter((f) => /widget-chart-\w+.*\.js$/.test(f));
  const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(web, f)), { level: 9 }).length / 1024;
  row(
    'chart chunks (gzip)',
    chunks.map((f) => `${path.basename(f).split('.')[0].replace('widget-', '')} ${gz(f).toFixed(0)} KB`).join(' · '),
  );
}
