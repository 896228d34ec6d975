import { createUser, testApp, type TestApp } from '../../helpers/app';
import { HttpSession } from '../../helpers/http-session';
import { serverProcess, stop, until, type Server } from '../../helpers/server-process';

const TOKEN = 'roles-metrics-token-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** The JSON lines a process logged (LOG=1). */
const logLines = (s: Server): Array<Record<string, unknown>> =>
  s
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const scheduledRuns = () =>
  t.app.db
    .selectFrom('jobs')
    .select('key')
    .where('key', 'like', 'housekeeping@%')
    .execute()
    .then((rows) => rows.length);

describe('SOLOIST_ROLE: an API process and a worker process on one database', () => {
  it('the API process serves and only adds jobs; the worker serves no app route, runs the job under the request id and the schedules, and both stop on SIGTERM with 0', async () => {
    const user = await createUser(t.app, { plan_name: 'Premium Monthly' });
    const env = { DATABASE_URL: t.databaseUrl, REDIS_URL: '', LOG: '1', METRICS_TOKEN: TOKEN };
    const servers: Server[] = [];
    try {
      const api = await serverProcess({ ...env, SOLOIST_ROLE: 'api' });
      servers.push(api);
      expect((await fetch(`${api.url}/ready`)).status).toBe(200);
      const browser = new HttpSession(api.url);
      await browser.login(user.email, user.password);
      const asked = await browser.request(
        'POST',
        '/api/v1/user/export-information',
        {},
        {
          'x-request-id': 'req-roles-0001',
        },
      );
      expect(asked.status).toBe(202);
      const id: number = (await asked.json()).data.id;
      const job = () =>
        t.app.db
          .selectFrom('jobs')
          .select(['status', 'request_id'])
          .where('key', '=', `data-export:${id}`)
          .executeTakeFirstOrThrow();
      // Longer than the embedded queue's poll: an API process that worked the queue would have taken it by now.
      await new Promise((r) => setTimeout(r, 2500));
      expect(await job()).toEqual({ status: 'waiting', request_id: 'req-roles-0001' });
      expect(await scheduledRuns()).toBe(0);

      const worker = await serverProcess({ ...env, SOLOIST_ROLE: 'worker' }, { readyPath: '/health' });
      servers.push(worker);
      for (const path of ['/api/v1/ui/manifest', '/', '/sanctum/csrf-cookie', '/api/docs']) {
        const res = await fetch(`${worker.url}${path}`);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
      const ready = await fetch(`${worker.url}/ready`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('content-security-policy')).toContain("default-src 'self'");
      const metrics = await fetch(`${worker.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(await metrics.text()).toContain('soloist_process_info{role="worker"} 1');
      expect((await fetch(`${worker.url}/metrics`)).status).toBe(401);

      await until('the worker to make the archive', async () => (await job()).status === 'done', 60_000);
      await until('the worker to run the hourly checks', async () => (await scheduledRuns()) === 1, 30_000);
      // The archive is marked done before the queue logs the job, and the schedules' jobs log theirs meanwhile:
      // wait for this job's own line.
      const exportDone = (l: Record<string, unknown>) => l.msg === 'job done' && l.job === 'export-information.make';
      await until('the worker to log the job', async () => logLines(worker).some(exportDone), 10_000);
      expect(logLines(worker)).toContainEqual(
        expect.objectContaining({ msg: 'job done', reqId: 'req-roles-0001', job: 'export-information.make' }),
      );
      expect(logLines(api)).toContainEqual(
        expect.objectContaining({ reqId: 'req-roles-0001', msg: 'request completed' }),
      );

      for (const s of [api, worker]) {
        await stop(s);
        expect({ code: s.child.exitCode, stderr: s.stderr() }).toEqual({ code: 0, stderr: '' });
      }
    } finally {
      for (const s of servers) await stop(s);
    }
  });
});

describe('SOLOIST_ROLE with a value it does not take', () => {
  it('refuses to start, naming the variable and the values it takes', async () => {
    await expect(
      serverProcess({ DATABASE_URL: t.databaseUrl, REDIS_URL: '', SOLOIST_ROLE: 'workers' }),
    ).rejects.toThrow('SOLOIST_ROLE must be one of all, api, worker (it is "workers")');
  });
});
