/**
 * The deployment's topology under load and faults (`npm run bench -- cluster`), all on this machine's loopback: the
 * topology of `npm run cluster` (PostgreSQL, Redis, API processes, a worker, HAProxy) from the production build, its
 * demo data seeded. Printed, each beside its target:
 *  - the mixed load (bench-mix.mjs, 200 users, closed loop) through the proxy with one and with two API processes on
 *    PostgreSQL, beside one process on SQLite, in one run; the CPU each part used per request, and from it an
 *    estimate of the cores a hosted Soloist needs for 10,000 owners;
 *  - `kill -9` of one of two API processes under writes: when the last request failed after the kill, how many
 *    failed (those in flight on it), and the rows written against the answers (none lost, none doubled);
 *  - Redis killed and started again under the mixed load: the errors meanwhile, and every process ready after;
 *  - the worker killed in the middle of a 10,000-receiver campaign and started again (bench-cluster-campaign.ts).
 * In `npm test`: the failover (tests/api/operations/cluster-failover.test.ts), a worker killed mid-campaign
 * (tests/api/marketing/crash.test.ts) and a process killed mid-import (tests/api/client-import-crash.test.ts).
 */
import fs from 'node:fs';
import pg from 'pg';
import { startCluster, type Cluster } from './cluster';
import { figures, mixedLoad, signIn, sqliteProcess } from './bench-mixed';
import { countingSink, workerKilledMidCampaign } from './bench-cluster-campaign';

type Row = (what: string, figure: string, target?: string) => void;
const SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
/** Peak load assumed for 10,000 owners: 30 % of them at work in the busiest hour, one request every 10 s each. */
const OWNERS = 10_000;
const PEAK_RPS = OWNERS * 0.3 * 0.1;

/** CPU seconds (user + system) a process has used, from /proc; 0 once it is gone. */
const TICKS = 100;
function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Every process whose command name is `comm` (PostgreSQL's server and its backends), or whose parent is `parent`. */
function processes(match: { comm?: string; parent?: number }): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === match.comm || ppid === match.parent) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The parts of a cluster whose CPU is counted, each as the processes it is made of (PostgreSQL's looked up again). */
function parts(c: Cluster): Record<string, () => number[]> {
  const proxy = c.proxy.child.pid!;
  return {
    API: () => c.apis.map((a) => a.child.pid!),
    PostgreSQL: () => processes({ comm: 'postgres' }),
    Redis: () => (c.redis ? [c.redis.child.pid!] : []),
    HAProxy: () => [proxy, ...processes({ parent: proxy })],
  };
}

const cpuNow = (of: Record<string, () => number[]>) =>
  Object.fromEntries(Object.entries(of).map(([name, pids]) => [name, pids().reduce((s, p) => s + cpuOf(p), 0)]));

/** A PostgreSQL database of its own for a run, empty. */
async function freshDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
  return `${SERVER}/${name}`;
}

const clusterOf = async (apis: number, env: Record<string, string> = {}) =>
  startCluster({
    apis,
    databaseUrl: await freshDatabase(`soloist_bench_cluster_${apis}`),
    entry: 'build',
    env: { LOGIN_ATTEMPTS_PER_MINUTE: '100000', ...env },
  });

/** The mix's closed loop for 15 s after a warm-up, and the CPU each part used per request meanwhile (ms). */
async function measured(base: string, of: Record<string, () => number[]>) {
  const mix = await mixedLoad(base);
  await mix('closed', 3);
  const before = cpuNow(of);
  const result = await mix('closed', 15);
  const after = cpuNow(of);
  const requests = result.all.count;
  const cpu = Object.fromEntries(Object.keys(of).map((k) => [k, ((after[k] - before[k]) * 1000) / requests]));
  return { result, cpu };
}

interface Write {
  name: string;
  status: number;
  doneAt: number;
}

/** 50 owners' browsers adding clients for 10 s; one API process killed (`kill -9`) 3 s in. */
async function failover(c: Cluster, row: Row): Promise<void> {
  const session = await signIn(c.url, 'owner@demo.test');
  const writes: Write[] = [];
  const until = Date.now() + 10_000;
  let n = 0;
  const writer = async () => {
    while (Date.now() < until) {
      const name = `Failover ${++n}`;
      const status = await fetch(`${c.url}/api/v1/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf },
        body: JSON.stringify({ first_name: 'Bench', last_name: name }),
      }).then(
        (res) => (void res.body?.cancel(), res.status),
        () => 0,
      );
      writes.push({ name, status, doneAt: Date.now() });
    }
  };
  const load = Promise.all(Array.from({ length: 50 }, writer));
  await new Promise((r) => setTimeout(r, 3000));
  c.apis[1].child.kill('SIGKILL');
  const killedAt = Date.now();
  await load;

  const db = new pg.Client({ connectionString: `${SERVER}/soloist_bench_cluster_2` });
  await db.connect();
  const { rows } = await db.query<{ last_name: string; n: string }>(
    "select last_name, count(*) as n from clients where last_name like 'Failover %' group by last_name",
  );
  await db.end();
  const kept = new Map(rows.map((r) => [r.last_name, Number(r.n)]));
  const answered = writes.filter((w) => w.status === 201);
  const failed = writes.filter((w) => w.status !== 201);
  const lost = answered.filter((w) => !kept.has(w.name)).length;
  const doubled = [...kept.values()].filter((count) => count > 1).length;
  const lastFailure = Math.max(0, ...failed.map((w) => w.doneAt - killedAt));
  row(
    'failover: kill -9 of one of two API processes under 50 writers',
    `last failure ${lastFailure} ms after the kill · ${failed.length} of ${writes.length} failed (in flight on it)`,
    '≤ 2 s',
  );
  row(
    '  · writes: answered 201 vs rows',
    `${answered.length} answered · ${lost} lost · ${doubled} doubled · ` +
      `${failed.filter((w) => kept.has(w.name)).length} written though the answer was lost`,
    '0 lost, 0 doubled',
  );
}

/** Redis killed 3 s into 12 s of the mix and started again 2 s later: errors meanwhile; every process ready after. */
async function redisRestart(c: Cluster, row: Row): Promise<void> {
  const mix = await mixedLoad(c.url);
  const run = mix('closed', 12);
  await new Promise((r) => setTimeout(r, 3000));
  await c.restartRedis(() => new Promise((r) => setTimeout(r, 2000)));
  const result = await run;
  await new Promise((r) => setTimeout(r, 2000));
  const ready = await Promise.all(
    [...c.apis, c.worker].map((m) =>
      fetch(`${m.url}/ready`).then(
        (r) => r.status === 200,
        () => false,
      ),
    ),
  );
  row(
    'Redis killed and restarted 2 s later under the mix',
    `${result.all.errors} of ${result.all.count} requests failed · ${ready.filter(Boolean).length} of ${ready.length} processes ready after`,
    'answered on; all ready again',
  );
}

export async function benchCluster(row: Row, tmp: string): Promise<void> {
  const sqlite = await sqliteProcess(tmp);
  let alone: Awaited<ReturnType<typeof measured>>;
  try {
    alone = await measured(sqlite.base, { API: () => [sqlite.child.pid!] });
  } finally {
    sqlite.stop();
  }
  row('mixed load: one process on SQLite', figures(alone.result.all));

  const one = await clusterOf(1);
  let single: Awaited<ReturnType<typeof measured>>;
  try {
    single = await measured(one.url, parts(one));
  } finally {
    await one.stop();
  }
  row('mixed load: one API process on PostgreSQL behind HAProxy', figures(single.result.all));

  const sink = await countingSink();
  const two = await clusterOf(2, { SMTP_URL: sink.url });
  try {
    const both = await measured(two.url, parts(two));
    const ratio = both.result.all.rps / single.result.all.rps;
    row('mixed load: two API processes on PostgreSQL behind HAProxy', figures(both.result.all));
    row('  · two processes against one', `${ratio.toFixed(2)} ×`, '≥ 1.4 ×');
    const perRequest = Object.entries(both.cpu).map(([part, ms]) => `${part} ${ms.toFixed(2)}`);
    row('  · CPU per request, ms', perRequest.join(' · '));
    row(`estimate for ${OWNERS.toLocaleString('en')} owners`, estimate(both.cpu), `peak ${PEAK_RPS} req/s assumed`);
    await redisRestart(two, row);
    await failover(two, row);
    await workerKilledMidCampaign(two, `${SERVER}/soloist_bench_cluster_2`, sink, row);
  } finally {
    await two.stop();
    await sink.close();
  }
}

/**
 * Cores per part at the assumed peak, from the CPU each used per request, with half again as headroom; machines of
 * 4 cores for the API processes, PostgreSQL on its own machine.
 */
function estimate(cpu: Record<string, number>): string {
  const cores = (ms: number) => Math.max(0.1, (PEAK_RPS * ms * 1.5) / 1000);
  const parts = Object.entries(cpu).map(([part, ms]) => `${part} ${cores(ms).toFixed(1)}`);
  const apiMachines = Math.max(2, Math.ceil(cores(cpu.API) / 4));
  return `cores: ${parts.join(' · ')} → ${apiMachines} API machines of 4 cores (2 at least, for failover) + one PostgreSQL`;
}
