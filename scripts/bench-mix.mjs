// The mixed load of `npm run bench -- load`, run in a process of its own beside the server's. Owners read their
// screens, clients open the public booking page and its slots, and 4 % of requests write (a new client, an
// appointment moved). Two modes:
//   closed <users> <seconds>: each virtual user sends its next request as soon as the last one answers;
//   open <users> <seconds>:   each user sends one request a second on its own clock, whatever the answers take.
// Prints JSON: requests per second, errors, and p50/p95/p99 in ms for each kind of request and for all together.
// Usage: node scripts/bench-mix.mjs <base url> <closed|open> <users> <seconds>; BENCH_OWNERS is a JSON array of
// {cookie, xsrf} sessions, BENCH_PUBLIC a JSON object {slug, service, from, to}.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [base, mode = 'closed', users = '200', seconds = '10'] = process.argv.slice(2);
const owners = JSON.parse(process.env.BENCH_OWNERS ?? '[]');
const pub = JSON.parse(process.env.BENCH_PUBLIC ?? '{}');
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(users) });

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let created = 0;

/** Request kinds by weight (of 100): what an owner's screens and a client's booking page ask for, and the writes. */
const KINDS = [
  { name: 'GET /user', weight: 14, owner: true, path: () => '/api/v1/user' },
  { name: 'GET /clients', weight: 14, owner: true, path: () => '/api/v1/clients?page=1' },
  {
    name: 'GET /appointments (week)',
    weight: 12,
    owner: true,
    path: () => `/api/v1/appointments?from=${day(0)}&to=${day(7)}`,
  },
  { name: 'GET /data/statistic', weight: 8, owner: true, path: () => '/api/v1/data/statistic' },
  { name: 'GET /services', weight: 8, owner: true, path: () => '/api/v1/services?page=1' },
  { name: 'GET /payments', weight: 6, owner: true, path: () => '/api/v1/payments?page=1' },
  { name: 'GET /online-booking/{slug}', weight: 16, path: () => `/api/v1/online-booking/${pub.slug}` },
  {
    name: 'GET slots (month)',
    weight: 18,
    path: () => `/api/v1/online-booking/${pub.slug}/services/${pub.service}/slots?from=${pub.from}&to=${pub.to}`,
  },
  {
    name: 'POST /clients',
    weight: 4,
    owner: true,
    method: 'POST',
    path: () => '/api/v1/clients',
    body: () => JSON.stringify({ first_name: 'Load', last_name: `Client ${++created}` }),
  },
];
const total = KINDS.reduce((sum, k) => sum + k.weight, 0);
const pick = () => {
  let r = Math.random() * total;
  for (const k of KINDS) if ((r -= k.weight) < 0) return k;
  return KINDS[0];
};

const stats = new Map(KINDS.map((k) => [k.name, { latencies: [], errors: 0 }]));

function send(kind, user) {
  const session = owners[user % owners.length];
  const body = kind.body?.();
  const headers = {
    ...(kind.owner ? { cookie: session.cookie } : {}),
    ...(body ? { 'content-type': 'application/json', 'x-xsrf-token': session.xsrf } : {}),
  };
  return new Promise((resolve) => {
    const req = http.request(`${base}${kind.path()}`, { agent, method: kind.method ?? 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode >= 200 && res.statusCode < 300));
    });
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

async function once(user) {
  const kind = pick();
  const t0 = performance.now();
  const ok = await send(kind, user);
  const s = stats.get(kind.name);
  s.latencies.push(performance.now() - t0);
  if (!ok) s.errors++;
}

const until = Date.now() + Number(seconds) * 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function closedUser(user) {
  while (Date.now() < until) await once(user);
}

/** One request a second, started on the user's own schedule: a slow answer does not delay the next request. */
async function openUser(user) {
  await sleep(Math.random() * 1000);
  const pending = [];
  for (let next = performance.now(); Date.now() < until; next += 1000) {
    pending.push(once(user));
    await sleep(Math.max(0, next + 1000 - performance.now()));
  }
  await Promise.all(pending);
}

await Promise.all(Array.from({ length: Number(users) }, (_, u) => (mode === 'open' ? openUser(u) : closedUser(u))));
agent.destroy();

const summary = (latencies, errors) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return {
    count: sorted.length,
    rps: sorted.length / Number(seconds),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
  };
};
const all = [...stats.values()];
console.log(
  JSON.stringify({
    all: summary(
      all.flatMap((s) => s.latencies),
      all.reduce((n, s) => n + s.errors, 0),
    ),
    kinds: Object.fromEntries([...stats].map(([name, s]) => [name, summary(s.latencies, s.errors)])),
  }),
);
