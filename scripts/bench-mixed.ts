/**
 * The mixed load of `npm run bench` (section `load`): the production build, started as `npm start` starts it (the
 * demo data, its SQLite file), in a process of its own, and the load generator (`bench-mix.mjs`) in another. The mix:
 * the demo owner's screens (the user, clients, the week's appointments, the dashboard, services, payments), the
 * public booking page and a month of its slots, and 4 % writes (a new client). Printed: the closed loop's throughput
 * with 200 virtual users and its latencies per kind of request, then the p99 of 200 users sending one request a
 * second each (an open loop: a slow answer does not slow the next request down).
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

type Row = (what: string, figure: string, target?: string) => void;
const root = path.resolve(__dirname, '..');

interface Latencies {
  count: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Signs in through the API as a browser does: the CSRF cookie first, then the login. */
export async function signIn(base: string, email: string): Promise<{ cookie: string; xsrf: string }> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': xsrf() },
    body: JSON.stringify({ email, password: 'Demo-pass-1' }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  keep(res);
  return { cookie: cookie(), xsrf: xsrf() };
}

/** A run of the mix's load generator against `base` (its demo data seeded): the closed or the open loop. */
export type MixRun = (
  mode: 'closed' | 'open',
  seconds: number,
) => Promise<{ all: Latencies; kinds: Record<string, Latencies> }>;

/** The mix against the server at `base`: the demo owner signed in, the public page's first service found. */
export async function mixedLoad(base: string, users = 200): Promise<MixRun> {
  const owner = await signIn(base, 'owner@demo.test');
  const page = (await (await fetch(`${base}/api/v1/online-booking/olivia-hart`)).json()) as {
    data: { services: Array<{ id: string }> };
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const env = {
    ...process.env,
    BENCH_OWNERS: JSON.stringify([owner]),
    BENCH_PUBLIC: JSON.stringify({ slug: 'olivia-hart', service: page.data.services[0].id, from: day(1), to: day(30) }),
  };
  return async (mode, seconds) =>
    JSON.parse(
      (
        await promisify(execFile)(
          process.execPath,
          [path.join(root, 'scripts', 'bench-mix.mjs'), base, mode, String(users), String(seconds)],
          { env, maxBuffer: 16 * 1024 * 1024 },
        )
      ).stdout,
    );
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
export const figures = (l: Latencies) =>
  `${l.rps.toFixed(0)} req/s · p50 ${ms(l.p50)} · p95 ${ms(l.p95)} · p99 ${ms(l.p99)} · ${l.errors} errors`;

/**
 * The production build as `npm start` starts it (the demo data, its SQLite file) in a process of its own, on a free
 * port; resolves once it answers.
 */
export async function sqliteProcess(tmp: string): Promise<{ base: string; child: ChildProcess; stop(): void }> {
  const entry = path.join(root, 'dist', 'server', 'dev', 'start.js');
  if (!fs.existsSync(entry)) throw new Error('run `npm run build` first: the load benchmark runs the production build');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = path.join(tmp, 'load');
  // BENCH_SERVER_ARGS: Node's own options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile
  // of the server under the load (written when it stops).
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATABASE_URL: `sqlite:${path.join(dir, 'soloist.db')}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      LOCAL_STRIPE_PORT: String(await freePort()),
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      NODE_ENV: 'production',
      SECRETS_KEY: 'b'.repeat(64),
      LOG: '0',
    },
  });
  const stop = () => void child.kill('SIGTERM');
  for (let i = 0; ; i++) {
    if (i > 240) {
      stop();
      throw new Error('the server did not start in 2 minutes');
    }
    if (
      await fetch(`${base}/api/v1/ui/manifest`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function benchMixed(row: Row, tmp: string): Promise<void> {
  const server = await sqliteProcess(tmp);
  try {
    const mix = await mixedLoad(server.base);
    await mix('closed', 3); // warm-up
    const closed = await mix('closed', 15);
    row('mixed load, closed loop, 200 users, one process on SQLite', figures(closed.all), '≥ 2,000 req/s');
    for (const [kind, l] of Object.entries(closed.kinds))
      row(`  · ${kind}`, `p50 ${ms(l.p50)} · p95 ${ms(l.p95)} · p99 ${ms(l.p99)} · ${l.errors} errors`);
    const open = await mix('open', 15);
    row('mixed load, open loop, 200 users × 1 request/s', figures(open.all), 'p99 ≤ 20 ms');
  } finally {
    server.stop();
  }
}
