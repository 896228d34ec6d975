/**
 * The deployment's topology on 127.0.0.1, from Debian's packages, without containers (compose.yaml's, here): one
 * PostgreSQL database (on the server at DATABASE_URL, made if missing), Redis (a `redis-server` of its own unless
 * REDIS_URL names one), N API processes and one worker of the same build, and HAProxy in front — round robin,
 * nothing sticky, each process checked on /ready, X-Forwarded-For the proxy's alone.
 *
 *   npm run cluster -- [--apis 2] [--port 8080]   (after `npm run build`; Ctrl-C stops everything it started:
 *                                                 scripts/cluster-cli.ts)
 *
 * The load and fault benchmark (`npm run bench -- cluster`) and the failover test start it through `startCluster`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { haproxyBinary, proxyConfig } from './cluster-proxy';

const root = path.resolve(__dirname, '..');

export interface ClusterOptions {
  /** API processes behind the proxy. */
  apis: number;
  /** A PostgreSQL database (`postgres://…/name`: made on its server when missing), or `sqlite:file`. */
  databaseUrl: string;
  /** A Redis the processes share; unset, a `redis-server` of the cluster's own on a free port. */
  redisUrl?: string;
  /** The proxy's port; unset, a free one. */
  port?: number;
  /** `build`: the production build (`dist/`); `source`: the TypeScript through tsx (tests, no build needed). */
  entry?: 'build' | 'source';
  /** Demo data in an empty database (the first API process adds it before the others start). */
  seed?: boolean;
  /** Settings for every process besides the topology's own. */
  env?: Record<string, string>;
  /** How long a process may take to start (ms; 2 minutes unless said: a loaded machine compiles slowly). */
  startWithin?: number;
}

/** A process of the cluster: where it listens and how to end it. */
export interface Member {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

export interface Cluster {
  /** The proxy's address: where browsers and the load go. */
  url: string;
  apis: Member[];
  worker: Member;
  proxy: Member;
  redis: Member | null;
  /** Starts API process `i` again (after a kill), on its port; resolves once the proxy routes to it. */
  restartApi(i: number): Promise<Member>;
  /** The worker ended (`kill -9` with `kill`, else SIGTERM) and started again; resolves once it is ready. */
  restartWorker(options?: { kill?: boolean }): Promise<Member>;
  /** The cluster's own Redis killed (`kill -9`), and started again on its port once `whileDown` has resolved. */
  restartRedis(whileDown: () => Promise<unknown>): Promise<void>;
  /** Stops everything it started (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>;
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A port free now, below the range the system hands out for port 0 (32768–60999 on Linux). A process is told its
 * port long before it listens (the second API starts once the first has migrated, minutes in CI); a port from the
 * system's own range could meanwhile go to any test's server listening on port 0, and the process would then fail
 * to listen while another answered in its place.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + crypto.randomInt(12_000);
    // Never the same port twice: were the proxy's and an API's the same, the API would answer at the proxy's
    // address, and the proxy, failing to listen, would be missed.
    if (given.has(port) || !(await isFree(port))) continue;
    given.add(port);
    return port;
  }
}
const given = new Set<number>();

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Waits until `url` answers 200 (every 100 ms), failing after `ms`, or as soon as the process that should answer has
 * ended (a port taken, a crash), with what it last wrote.
 */
async function answers(url: string, ms: number, launched?: { member: Member; log: () => string }): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (launched && ended(launched.member.child))
      throw new Error(`${launched.member.name} ended before ${url} answered:\n${launched.log()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok && !(launched && ended(launched.member.child))) return;
    if (Date.now() > end)
      throw new Error(`${url} did not answer in ${ms / 1000} s${launched ? `:\n${launched.log()}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function launch(name: string, port: number, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const member: Member = { name, port, url: `http://127.0.0.1:${port}`, child, exited };
  return { member, log: () => log };
}

/** PostgreSQL's database of the URL, made on its server when it is not there yet. */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  if (!databaseUrl.startsWith('postgres')) return;
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`a database name of letters, digits and _ (not "${name}")`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-cluster-'));
  const started: Member[] = [];
  const stop = async () => {
    for (const m of [...started].reverse()) {
      if (m.child.exitCode === null && m.child.signalCode === null) m.child.kill('SIGTERM');
      const killLater = setTimeout(() => m.child.kill('SIGKILL'), 10_000);
      await m.exited;
      clearTimeout(killLater);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    let redis: Member | null = null;
    let redisUrl = options.redisUrl;
    const startRedis = async (port: number) => {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      const launched = launch('redis', port, 'redis-server', args, process.env);
      redis = launched.member;
      started.push(redis);
      await waitForRedis(launched);
    };
    if (!redisUrl) {
      const port = await freePort();
      await startRedis(port);
      redisUrl = `redis://127.0.0.1:${port}`;
    }
    await ensureDatabase(options.databaseUrl);
    const proxyPort = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${proxyPort}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: redisUrl,
      SECRETS_KEY: process.env.SECRETS_KEY ?? crypto.randomBytes(32).toString('hex'),
      APP_URL: url,
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      UPLOADS_DIR: path.join(dir, 'uploads'),
      SCHEMAS_WATCH: '0',
      LOG: '0',
      ...options.env,
    };
    const [command, ...entry] =
      options.entry === 'source'
        ? [process.execPath, '--import', 'tsx', 'src/server/server.ts']
        : [process.execPath, 'dist/server/src/server/server.js'];
    if (options.entry !== 'source' && !fs.existsSync(path.join(root, entry[0])))
      throw new Error('run `npm run build` first: the cluster runs the production build');

    const startWithin = options.startWithin ?? 120_000;
    const apiPorts = await Promise.all(Array.from({ length: options.apis }, freePort));
    const startApi = async (i: number, seed: boolean) => {
      const port = apiPorts[i];
      const env_ = { ...env, SOLOIST_ROLE: 'api', PORT: String(port), SEED: seed ? '1' : '0' };
      const launched = launch(`api${i + 1}`, port, command, entry, env_);
      const { member } = launched;
      started.push(member);
      await answers(`${member.url}/ready`, startWithin, launched);
      return member;
    };
    // The first migrates and seeds; then the others and the worker start side by side.
    const apis = [await startApi(0, options.seed ?? true)];
    const workerPort = await freePort();
    const startWorker = () => {
      const env_ = { ...env, SOLOIST_ROLE: 'worker', PORT: String(workerPort), SEED: '0' };
      const launched = launch('worker', workerPort, command, entry, env_);
      started.push(launched.member);
      return launched;
    };
    let worker = startWorker();
    const [others] = await Promise.all([
      Promise.all(apiPorts.slice(1).map((_, i) => startApi(i + 1, false))),
      answers(`${worker.member.url}/ready`, startWithin, worker),
    ]);
    apis.push(...others);

    const config = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(config, proxyConfig(proxyPort, apiPorts));
    // -db: in the foreground, its log on stderr; -W: the master process, which a stop ends with its workers.
    const proxy = launch('proxy', proxyPort, haproxyBinary(), ['-db', '-W', '-f', config], process.env);
    started.push(proxy.member);
    await answers(`${url}/ready`, 30_000, proxy);

    return {
      url,
      apis,
      get worker() {
        return worker.member;
      },
      proxy: proxy.member,
      get redis() {
        return redis;
      },
      async restartWorker({ kill = false } = {}) {
        worker.member.child.kill(kill ? 'SIGKILL' : 'SIGTERM');
        await worker.member.exited;
        worker = startWorker();
        await answers(`${worker.member.url}/ready`, startWithin, worker);
        return worker.member;
      },
      async restartRedis(whileDown) {
        const own = redis as Member | null;
        if (!own) throw new Error('the cluster uses a Redis of its own only without REDIS_URL');
        own.child.kill('SIGKILL');
        await own.exited;
        await whileDown();
        await startRedis(own.port);
      },
      async restartApi(i) {
        apis[i] = await startApi(i, false);
        // Routed to again once the proxy's checks see it up (rise 2 × 500 ms).
        await new Promise((r) => setTimeout(r, 1500));
        return apis[i];
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitForRedis({ member, log }: { member: Member; log: () => string }): Promise<void> {
  const { port } = member;
  const end = Date.now() + 10_000;
  for (;;) {
    if (ended(member.child)) throw new Error(`redis-server ended before it listened on ${port}:\n${log()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > end) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
