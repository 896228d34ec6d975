import { startCluster, type Cluster } from '../../../scripts/cluster';
import { createUser, TEST_SECRETS_KEY, testApp, type TestApp } from '../../helpers/app';
import { HttpSession } from '../../helpers/http-session';
import { until } from '../../helpers/server-process';

/**
 * The deployment's topology (`npm run cluster`: two API processes, a worker, Redis and HAProxy on 127.0.0.1, on the
 * test's database) loses nothing when an API process is killed (`kill -9`) under writes: the proxy routes around it,
 * only requests that were on it fail, every write answered 201 is there once, none is written twice — and it takes
 * the process back when it comes up again. Redis restarted under the same load fails none of it (the proxy keeps
 * every process in: Redis is theirs alike). How fast is the benchmark's to say (`npm run bench -- cluster`).
 */
const WRITERS = 16;
const METRICS_TOKEN = 'cluster-test-metrics';
let t: TestApp;
let cluster: Cluster;
beforeAll(async () => {
  t = await testApp();
  cluster = await startCluster({
    apis: 2,
    databaseUrl: t.databaseUrl,
    entry: 'source',
    seed: false,
    // Started from the TypeScript: beside the rest of `npm test`, compiling takes minutes.
    startWithin: 240_000,
    env: { SECRETS_KEY: TEST_SECRETS_KEY, LOGIN_ATTEMPTS_PER_MINUTE: '1000', METRICS_TOKEN },
  });
  // Two starts one after the other, each allowed its `startWithin`: in CI it took 4 of the suite's 400 s.
}, 900_000);
afterAll(async () => {
  await cluster?.stop();
  await t.close();
});

interface Write {
  name: string;
  ok: boolean;
  /** The answer's status; 0 when none came (the connection broke). */
  status: number;
  doneAt: number;
}

/** `WRITERS` owners' browsers adding clients one after another until `stopped()`, each write's outcome kept. */
async function writeUntil(session: HttpSession, tag: string, stopped: () => boolean): Promise<Write[]> {
  const writes: Write[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (!stopped()) {
        const name = `${tag} ${++n}`;
        const status = await session
          .request('POST', '/api/v1/clients', { first_name: 'Failover', last_name: name })
          .then((res) => res.status)
          .catch(() => 0);
        writes.push({ name, ok: status === 201, status, doneAt: Date.now() });
      }
    }),
  );
  return writes;
}

const written = async (tag: string) =>
  (await t.app.db.selectFrom('clients').select('last_name').where('last_name', 'like', `${tag} %`).execute()).map(
    (r) => r.last_name,
  );

it('routes around an API process killed under writes: none lost, none doubled, and takes it back', async () => {
  const owner = await createUser(t.app, { email: 'cluster-owner@example.com', plan_name: 'Business Monthly' });
  const session = new HttpSession(cluster.url);
  await session.login(owner.email, owner.password);

  let killedAt = 0;
  let stop = false;
  const load = writeUntil(session, 'Kill', () => stop);
  await new Promise((r) => setTimeout(r, 1500));
  cluster.apis[1].child.kill('SIGKILL');
  killedAt = Date.now();
  await cluster.apis[1].exited;
  // Long enough after the kill for the proxy's checks to have taken it out (fall 2 × 500 ms), on a loaded machine.
  await new Promise((r) => setTimeout(r, 5000));
  stop = true;
  const writes = await load;

  const rows = await written('Kill');
  const answered = writes.filter((w) => w.ok).map((w) => w.name);
  // Every write answered 201 is there; no write is there twice.
  expect(answered.filter((name) => !rows.includes(name))).toEqual([]);
  expect(rows.length).toBe(new Set(rows).size);
  // Only requests on the killed process failed: at most one per writer, and none after the proxy saw it gone.
  const failed = writes.filter((w) => !w.ok);
  // A request whose process died under it ends with the connection closed (or the proxy's 502), after the kill;
  // nothing the app itself refused, and nothing before.
  expect(failed.filter((w) => ![0, 502].includes(w.status) || w.doneAt < killedAt)).toEqual([]);
  expect(failed.length).toBeLessThanOrEqual(WRITERS);
  const after = writes.filter((w) => w.doneAt > killedAt + 3000);
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((w) => !w.ok)).toEqual([]);

  // Started again, it is routed to: it answers some of the writes (its own count of them), and nothing is lost.
  const process2 = await cluster.restartApi(1);
  let stopAgain = false;
  const again = writeUntil(session, 'Back', () => stopAgain);
  await new Promise((r) => setTimeout(r, 1500));
  stopAgain = true;
  const back = await again;
  expect(back.filter((w) => !w.ok)).toEqual([]);
  expect((await written('Back')).length).toBe(back.length);
  expect(await clientWritesAnswered(process2.url)).toBeGreaterThan(0);
});

/** How many client writes a process has answered, from its own Prometheus counter. */
async function clientWritesAnswered(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('soloist_http_requests_total{') && line.includes('method="POST"'))
    .filter((line) => line.includes('/api/v1/clients"'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

it('answers on while Redis restarts: only the limits that must fail closed refuse meanwhile', async () => {
  const owner = await createUser(t.app, { email: 'cluster-redis@example.com', plan_name: 'Business Monthly' });
  const session = new HttpSession(cluster.url);
  await session.login(owner.email, owner.password);
  let stop = false;
  const load = writeUntil(session, 'Redis', () => stop);
  const reads: number[] = [];
  const reading = (async () => {
    while (!stop)
      reads.push(
        await session.request('GET', '/api/v1/clients?page=1').then(
          (r) => r.status,
          () => 0,
        ),
      );
  })();
  let signIn = 0;
  await new Promise((r) => setTimeout(r, 1000));
  await cluster.restartRedis(async () => {
    // A sign-in counts against its address in Redis: with Redis away it is refused, never let through unlimited.
    const guest = new HttpSession(cluster.url);
    await guest.request('GET', '/sanctum/csrf-cookie');
    signIn = (await guest.request('POST', '/api/login', { email: owner.email, password: owner.password })).status;
    await new Promise((r) => setTimeout(r, 1500));
  });
  await new Promise((r) => setTimeout(r, 1500));
  stop = true;
  const [writes] = await Promise.all([load, reading]);
  expect(signIn).toBe(429);
  expect(writes.filter((w) => !w.ok)).toEqual([]);
  expect(reads.filter((status) => status !== 200)).toEqual([]);
  expect((await written('Redis')).length).toBe(writes.length);
  // Every process is ready again once Redis is back.
  for (const member of [...cluster.apis, cluster.worker])
    await until(`${member.name} ready`, async () => (await fetch(`${member.url}/ready`)).status === 200, 5000);
});
