/**
 * The quick-search benchmark of `npm run bench` (section `search`): GET /api/v1/search through the real app for an
 * owner with 5,000 clients and 50,000 records (30,000 appointments, 10,000 sales, 5,000 invoices, 2,500 products,
 * 2,500 gift vouchers) beside 200 other owners' clients, the words typed many ways (first names, surnames, parts of
 * them, invoice numbers, product words): p50 and p95 for one person typing (one connection), and at 20 connections.
 */
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { benchApp } from './bench-app';
import { benchSession } from './bench-session';

type Row = (what: string, figure: string, target?: string) => void;
const root = path.resolve(__dirname, '..');
const FIRST = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Grace', 'Leo', 'Olena', 'Taras'];
const LAST = ['Evans', 'Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Kovalenko', 'Shevchenko', 'Green', 'Hall'];
const PRODUCTS = ['Argan oil', 'Shampoo', 'Conditioner', 'Hair mask', 'Styling wax', 'Sea salt spray', 'Comb'];
const QUERIES = ['ev', 'ame', 'oliver', 'smi', 'kova', 'isla green', 'noah t', 'gr', 'INV-12', 'argan', 'wax', 'shev'];

export async function benchSearch(row: Row, tmp: string): Promise<void> {
  const app = await benchApp(tmp, 'search');
  const sqlite = app.dbHandle.sqlite!;
  const now = new Date().toISOString();
  const user = sqlite.prepare(
    `insert into users (email, password_hash, first_name, last_name, plan_name, subscription_status, created_at, updated_at) values (?, 'x', 'Owner', ?, 'Premium Monthly', 'active', ?, ?)`,
  );
  const client = sqlite.prepare(
    `insert into clients (user_id, first_name, last_name, email, phone, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const appointment = sqlite.prepare(
    `insert into appointments (user_id, type, service_id, title, date, start_time, end_time, duration, starts_at, ends_at, created_at, updated_at) values (?, 'service', null, null, ?, ?, ?, 60, ?, ?, ?, ?)`,
  );
  const attendee = sqlite.prepare(
    `insert into appointment_clients (appointment_id, client_id, status, position) values (?, ?, 'attended', 0)`,
  );
  const sale = sqlite.prepare(
    `insert into sales (user_id, client_id, date, total, currency, created_at) values (?, ?, ?, ?, 'gbp', ?)`,
  );
  const item = sqlite.prepare(
    `insert into sale_items (user_id, sale_id, kind, item_id, title, quantity, unit_price, total) values (?, ?, 'product', null, ?, 1, ?, ?)`,
  );
  const invoice = sqlite.prepare(
    `insert into invoices (user_id, client_id, number, type, date, due_date, bill_to, bill_to_name, total, currency, created_at, updated_at) values (?, ?, ?, 'manual', ?, ?, ?, ?, 4500, 'gbp', ?, ?)`,
  );
  const product = sqlite.prepare(
    `insert into products (user_id, title, price, created_at, updated_at) values (?, ?, ?, ?, ?)`,
  );
  const voucher = sqlite.prepare(
    `insert into gift_vouchers (user_id, title, code, amount, amount_left, created_at, updated_at) values (?, ?, ?, 5000, 5000, ?, ?)`,
  );
  const day = (i: number) => new Date(Date.now() + (i - 20_000) * 3_600_000 * 7).toISOString();
  let owner = 0;
  sqlite.transaction(() => {
    owner = Number(user.run('search@bench.test', 'Search', now, now).lastInsertRowid);
    const clients: number[] = [];
    for (let c = 0; c < 5000; c++) {
      const [first, last] = [FIRST[c % FIRST.length], `${LAST[(c * 7) % LAST.length]}${c % 3 ? '' : '-Hill'}`];
      const phone = `+4477009${String(c).padStart(5, '0')}`;
      clients.push(
        Number(
          client.run(owner, first, last, `${first}.${last}${c}@example.com`.toLowerCase(), phone, now, now)
            .lastInsertRowid,
        ),
      );
    }
    for (let a = 0; a < 30_000; a++) {
      const at = day(a);
      const id = appointment.run(
        owner,
        at.slice(0, 10),
        at.slice(11, 16),
        at.slice(11, 16),
        at,
        at,
        now,
        now,
      ).lastInsertRowid;
      attendee.run(id, clients[(a * 13) % clients.length]);
    }
    for (let s = 0; s < 10_000; s++) {
      const price = 1000 + (s % 40) * 50;
      const id = sale.run(
        owner,
        clients[(s * 17) % clients.length],
        day(s * 3).slice(0, 10),
        price,
        now,
      ).lastInsertRowid;
      item.run(owner, id, PRODUCTS[s % PRODUCTS.length], price, price);
    }
    for (let i = 0; i < 5000; i++) {
      const c = (i * 11) % clients.length;
      const date = day(i * 6).slice(0, 10);
      invoice.run(
        owner,
        clients[c],
        `INV-${i + 1}`,
        date,
        date,
        'Bill to',
        `${FIRST[c % FIRST.length]} Client`,
        now,
        now,
      );
    }
    for (let p = 0; p < 2500; p++) product.run(owner, `${PRODUCTS[p % PRODUCTS.length]} ${p}`, 500 + p, now, now);
    for (let v = 0; v < 2500; v++) voucher.run(owner, `Gift ${v}`, `GIFT${v}`, now, now);
    for (let u = 0; u < 200; u++) {
      const other = Number(user.run(`other${u}@bench.test`, String(u), now, now).lastInsertRowid);
      for (let c = 0; c < 100; c++)
        client.run(other, FIRST[c % FIRST.length], LAST[c % LAST.length], null, null, now, now);
    }
  })();
  sqlite.exec('analyze');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const cookie = benchSession(app, owner);
  const urls = QUERIES.map((q) => `${base}/api/v1/search?search=${encodeURIComponent(q)}`);
  const headers = { cookie: `soloist_session=${cookie}` };
  const found = await Promise.all(
    urls.map(async (url) => ((await (await fetch(url, { headers })).json()) as { data: unknown[] }).data.length),
  );
  const run = async (seconds: number, connections: number) =>
    JSON.parse(
      (
        await promisify(execFile)(
          'node',
          [path.join(root, 'scripts', 'bench-load.mjs'), urls[0], String(connections), String(seconds)],
          {
            env: { ...process.env, BENCH_URLS: JSON.stringify(urls), BENCH_HEADERS: JSON.stringify(headers) },
          },
        )
      ).stdout,
    ) as { rps: number; p50: number; p95: number; errors: number };
  await run(3, 4); // warm-up
  const figures = (r: Awaited<ReturnType<typeof run>>) =>
    `p95 ${r.p95.toFixed(1)} ms · p50 ${r.p50.toFixed(1)} ms · ${r.rps.toFixed(0)} req/s · ${r.errors} errors`;
  // An owner types into one box: one connection is what they wait for; twenty say what one process serves.
  row(
    `quick search, 5k clients + 50k records, 12 queries (${found.reduce((a, b) => a + b, 0)} results), typing`,
    figures(await run(10, 1)),
    'p95 ≤ 30 ms',
  );
  row('  · 20 connections at once (one process)', figures(await run(10, 20)));
  await app.close();
}
