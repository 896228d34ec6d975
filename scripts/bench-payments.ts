/**
 * The payments benchmarks of `npm run bench` (section `payments`), over one owner with 50,000 ledger rows in a
 * year (and 20 other owners with 2,500 each), inserted in one transaction straight into SQLite:
 *  1. GET /payments/statistic for the year at 20 connections (p95), and GET /payments/net-income for a tax year by
 *     month over the same ledger and 10,000 expenses;
 *  2. GET /payments?page=1 through the app beside a bare Fastify route answering the same page from better-sqlite3;
 *  3. POST /payments: a checkout of 5 products paid by 2 methods, one connection (the owner's till; checkouts of
 *     one owner run one at a time under the owner's lock anyway);
 *  4. the income export to XLSX and PDF at 10k and 50k rows: time and the memory's high-water mark above the start.
 */
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { benchApp } from './bench-app';
import { freshReads, raiseVersion } from './bench-fresh';
import { benchSession } from './bench-session';

type Row = (what: string, figure: string, target?: string) => void;
type Load = { rps: number; p50: number; p95: number; p99: number; errors: number };

const root = path.resolve(__dirname, '..');
const YEAR = '2026';
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** bench-load.mjs in its own process: closed-loop connections, latencies in ms. */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: object,
  method = 'GET',
  body = '',
) {
  const { stdout } = await promisify(execFile)(
    'node',
    [path.join(root, 'scripts', 'bench-load.mjs'), url, String(connections), String(seconds), method],
    { env: { ...process.env, BENCH_HEADERS: JSON.stringify(headers), BENCH_BODY: body } },
  );
  return JSON.parse(stdout) as Load;
}

/** Owners, their clients and ledger rows (every 20th payment refunded), straight into SQLite in one transaction. */
export function seedLedger(
  app: FastifyInstance,
  /** The main owner's appointments, made once their clients exist: their appointment payments pay them in turn. */
  appointmentsOf?: (owner: number, clients: number[]) => number[],
): { main: number; small: number; cookies: Map<number, string> } {
  const sqlite = app.dbHandle.sqlite!;
  const now = new Date().toISOString();
  let seed = 11;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const user = sqlite.prepare(
    `insert into users (email, password_hash, first_name, last_name, plan_name, subscription_status, created_at, updated_at) values (?, 'x', 'Owner', ?, 'Premium Monthly', 'active', ?, ?)`,
  );
  const client = sqlite.prepare(
    `insert into clients (user_id, first_name, last_name, created_at, updated_at) values (?, ?, ?, ?, ?)`,
  );
  const payment = sqlite.prepare(
    `insert into payments (user_id, client_id, type, method, amount, currency, date, created_at, refund_of, reason, appointment_id) values (?, ?, ?, ?, ?, 'gbp', ?, ?, ?, ?, ?)`,
  );
  const names = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Grace', 'Leo'];
  const methods = ['cash', 'card', 'bank_transfer'];
  const types = ['appointment', 'appointment', 'sale', 'standalone'];
  const day = () => new Date(Date.UTC(Number(YEAR), 0, 1) + Math.floor(rnd() * 365) * 86_400_000).toISOString();
  const owners: number[] = [];
  sqlite.transaction(() => {
    for (let o = 0; o < 22; o++) {
      const id = Number(user.run(`ledger${o}@bench.test`, String(o), now, now).lastInsertRowid);
      owners.push(id);
      const clients = Array.from({ length: 200 }, (_, c) =>
        Number(client.run(id, names[c % 10], `Client${c}`, now, now).lastInsertRowid),
      );
      const count = o === 0 ? 50_000 : o === 1 ? 10_000 : 2_500;
      const appointments = (o === 0 && appointmentsOf?.(id, clients)) || [];
      let last = 0;
      for (let i = 0; i < count; i++) {
        const c = clients[Math.floor(rnd() * clients.length)];
        const date = day().slice(0, 10);
        if (i % 20 === 19) payment.run(id, c, 'standalone', 'cash', -last, date, now, last, 'Changed their mind', null);
        else {
          const amount = 500 + Math.floor(rnd() * 200) * 100;
          const type = types[Math.floor(rnd() * types.length)];
          const paysFor = type === 'appointment' && appointments.length ? appointments[i % appointments.length] : null;
          last = Number(
            payment.run(id, c, type, methods[i % 3], amount, date, now, null, null, paysFor).lastInsertRowid,
          );
        }
      }
    }
  })();
  // The main owner's expenses: 10,000 over the year, one in ten a mileage trip.
  const expense = sqlite.prepare(
    `insert into expenses (user_id, type, category, amount, currency, date, created_at, updated_at) values (?, ?, ?, ?, 'gbp', ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 0; i < 10_000; i++)
      expense.run(
        owners[0],
        i % 10 === 0 ? 'mileage' : 'expense',
        i % 10 === 0 ? 'travel' : 'supplies',
        300 + (i % 97) * 10,
        day().slice(0, 10),
        now,
        now,
      );
  })();
  // Each refund row above names the payment inserted just before it; refund_of holds that row's id.
  const cookies = new Map<number, string>();
  for (const id of owners.slice(0, 2)) cookies.set(id, `soloist_session=${benchSession(app, id)}`);
  return { main: owners[0], small: owners[1], cookies };
}

/** A bare Fastify route answering the payments list's first page with the same three statements, no app around it. */
async function bareList(app: FastifyInstance, owner: number): Promise<FastifyInstance> {
  const sqlite = app.dbHandle.sqlite!;
  const count = sqlite.prepare(`select count(*) as total from payments where user_id = ? and refund_of is null`);
  const page = sqlite.prepare(
    `select p.id, p.type, p.method, p.amount, p.currency, p.date, p.created_at, p.appointment_id, p.checkout_id, p.sale_id, c.id as client_id, c.first_name, c.last_name from payments p left join clients c on c.id = p.client_id where p.user_id = ? and p.refund_of is null order by p.date desc, p.id desc limit 25 offset 0`,
  );
  const refunds = sqlite.prepare(
    `select id, amount, date, reason, created_at, refund_of from payments where refund_of in (select value from json_each(?)) order by id`,
  );
  const bare = Fastify();
  bare.get('/bare', async () => {
    const total = (count.get(owner) as { total: number }).total;
    const rows = page.all(owner) as Array<Record<string, unknown>>;
    const mine = refunds.all(JSON.stringify(rows.map((r) => r.id))) as Array<Record<string, unknown>>;
    const data = rows.map(({ client_id, first_name, last_name, ...r }) => {
      const own = mine.filter((x) => x.refund_of === r.id).map(({ refund_of: _r, ...x }) => x);
      return { ...r, client: { id: client_id, first_name, last_name }, refunds: own, refunded: own.length > 0 };
    });
    return { data, meta: { current_page: 1, last_page: Math.ceil(total / 25), per_page: 25, total } };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}

/** Products to sell and a client to sell them to, through the app's own routes; the checkout body of 5 items. */
async function checkoutBody(app: FastifyInstance, cookie: string): Promise<string> {
  const headers = { cookie, 'x-xsrf-token': 'x' };
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().data as { id: number; price?: number };
  };
  const client = await post('/api/v1/clients', { first_name: 'Till', last_name: 'Client' });
  const products = [];
  for (let i = 0; i < 5; i++)
    products.push(await post('/api/v1/products', { title: `Product ${i}`, price: 1000 + i * 250 }));
  const total = products.reduce((s, p) => s + (p.price ?? 0), 0);
  return JSON.stringify({
    client_id: client.id,
    items: products.map((p) => ({ kind: 'product', id: p.id, quantity: 1 })),
    payments: [
      { method: 'cash', amount: 2000 },
      { method: 'card', amount: total - 2000 },
    ],
  });
}

/**
 * One export read over HTTP as fast as it comes, chunks dropped: seconds, bytes and the high-water marks of RSS and
 * of the heap. With `live`, the heap is collected every 100 ms before it is read, so the mark is what the export
 * holds rather than garbage not yet collected (and the run is slower: its time is not reported).
 */
async function exportOnce(base: string, cookie: string, format: string, live: boolean) {
  gc();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const sample = setInterval(
    () => {
      if (live) gc();
      const m = process.memoryUsage();
      rss = Math.max(rss, m.rss);
      heap = Math.max(heap, m.heapUsed);
    },
    live ? 100 : 5,
  );
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/payments/export`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': 'x', 'content-type': 'application/json' },
    body: JSON.stringify({ format, from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }),
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sample);
  const mb = (n: number) => (n / 1048576).toFixed(1);
  return { seconds, mb: mb(bytes), rss: mb(rss - start.rss), heap: mb(heap - start.heapUsed) };
}

export async function benchPayments(row: Row, tmp: string): Promise<void> {
  const app = await benchApp(tmp, 'payments');
  const { main, small, cookies } = seedLedger(app);
  const cookie = cookies.get(main)!;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const statistic = `${base}/api/v1/payments/statistic?from=${YEAR}-01-01&to=${YEAR}-12-31`;
  const check = (await (await fetch(statistic, { headers: { cookie } })).json()) as { count: number };
  await load(statistic, 20, 3, { cookie });
  const s = await load(statistic, 20, 10, { cookie });
  row(
    'income statistic, 1 year, 50k ledger rows, 20 conn',
    `p95 ${s.p95.toFixed(1)} ms · p50 ${s.p50.toFixed(1)} ms · ${s.rps.toFixed(0)} req/s · ${check.count} payments · ${s.errors} errors`,
    'p95 ≤ 20 ms',
  );

  const services = await load(`${statistic}&services=1`, 1, 5, { cookie });
  row(
    'income per service (income details), 1 year, 50k rows, 1 conn',
    `p95 ${services.p95.toFixed(1)} ms · p50 ${services.p50.toFixed(1)} ms`,
  );

  const net = `${base}/api/v1/payments/net-income?from=${YEAR}-04-06&to=${Number(YEAR) + 1}-04-05&period=month`;
  await load(net, 20, 3, { cookie });
  const n = await load(net, 20, 10, { cookie });
  row(
    'net income, tax year by month, 50k payments + 10k expenses, 20 conn',
    `p95 ${n.p95.toFixed(1)} ms · p50 ${n.p50.toFixed(1)} ms · ${n.rps.toFixed(0)} req/s · ${n.errors} errors`,
    'p95 ≤ 30 ms',
  );
  const fresh = await freshReads(net, { cookie }, raiseVersion(app.dbHandle.sqlite!, 'figure_versions', main));
  row(
    '  · each read after a write (computed afresh), 1 conn',
    `p95 ${fresh.p95.toFixed(1)} ms · p50 ${fresh.p50.toFixed(1)} ms`,
  );

  const bare = await bareList(app, main);
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  const list = `${base}/api/v1/payments?page=1`;
  await load(list, 50, 2, { cookie });
  await load(bareUrl, 50, 2, {});
  const ours = await load(list, 50, 10, { cookie });
  const theirs = await load(bareUrl, 50, 10, {});
  row(
    'payments list page 1 req/s (app, 50 conn)',
    ours.rps.toFixed(0),
    `≥ ${(theirs.rps * 0.5).toFixed(0)} (0.5 × bare)`,
  );
  row('payments list p95 (app / bare)', `${ours.p95.toFixed(1)} ms / ${theirs.p95.toFixed(1)} ms`);
  row('bare better-sqlite3 payments page req/s', theirs.rps.toFixed(0));
  row('ratio app / bare (payments list)', (ours.rps / theirs.rps).toFixed(2), '≥ 0.50');
  // The totals of all pages are kept until the ledger changes; the first read after a write sums them afresh.
  const listFresh = await freshReads(list, { cookie }, raiseVersion(app.dbHandle.sqlite!, 'figure_versions', main));
  row(
    '  · each read after a write (totals summed afresh), 1 conn',
    `p95 ${listFresh.p95.toFixed(1)} ms · p50 ${listFresh.p50.toFixed(1)} ms`,
  );
  await bare.close();

  for (const format of ['xlsx', 'pdf'])
    for (const [owner, rows] of [
      [small, '10k'],
      [main, '50k'],
    ] as const) {
      const e = await exportOnce(base, cookies.get(owner)!, format, false);
      const live = await exportOnce(base, cookies.get(owner)!, format, true);
      row(
        `income export ${format.toUpperCase()}, ${rows} rows`,
        `${e.seconds.toFixed(1)} s · ${e.mb} MB · peak RSS +${e.rss} MB · live heap peak +${live.heap} MB`,
        'live heap flat from 10k to 50k',
      );
    }
  const body = await checkoutBody(app, cookie);
  const headers = { cookie, 'x-xsrf-token': 'x' };
  await load(`${base}/api/v1/payments`, 1, 2, headers, 'POST', body);
  const c = await load(`${base}/api/v1/payments`, 1, 10, headers, 'POST', body);
  row(
    'checkout: 5 products, 2 methods, 1 conn',
    `p95 ${c.p95.toFixed(1)} ms · p50 ${c.p50.toFixed(1)} ms · ${c.rps.toFixed(0)} checkouts/s · ${c.errors} errors`,
    'p95 ≤ 30 ms',
  );

  await app.close();
}
