import http from 'node:http';
import { createUser, testApp, type TestApp } from '../../helpers/app';
import { HttpSession } from '../../helpers/http-session';
import { serverProcess, stop, until, type Server } from '../../helpers/server-process';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** Whether anything still takes connections at `url`. */
const listening = (url: string) =>
  fetch(`${url}/health`).then(
    () => true,
    () => false,
  );

/**
 * A request whose body comes in two parts: the server has it in hand (headers read, body arriving) until `finish()`
 * sends the rest. Resolves with the answer's status, headers and body.
 */
function slowRequest(url: string, path: string, headers: Record<string, string>, body: string) {
  const half = Math.floor(body.length / 2);
  const req = http.request(`${url}${path}`, {
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

describe('graceful shutdown (SIGTERM)', () => {
  it('stops taking connections, finishes the request in flight, then closes and exits 0', async () => {
    const user = await createUser(t.app);
    let server: Server | null = null;
    try {
      server = await serverProcess({ DATABASE_URL: t.databaseUrl, REDIS_URL: '', LOG: '1' });
      const s = server;
      const browser = new HttpSession(s.url);
      await browser.request('GET', '/sanctum/csrf-cookie');
      const login = slowRequest(
        s.url,
        '/api/login',
        { cookie: browser.cookieHeader, 'x-xsrf-token': browser.xsrf },
        JSON.stringify({ email: user.email, password: user.password }),
      );
      // The server has the request in hand (its log says it came in) before the signal comes.
      await until(
        'the server to log the request',
        async () =>
          /"msg":"incoming request"[^\n]*"\/api\/login"|"url":"\/api\/login"[^\n]*"incoming request"/.test(s.stdout()),
        10_000,
      );
      s.child.kill('SIGTERM');
      await until('the server to stop taking connections', async () => !(await listening(s.url)), 10_000);
      expect(s.child.exitCode).toBeNull();

      login.finish();
      const res = await login.answer;
      expect(res.status).toBe(200);
      // Answered in full, its session written: the database closes only after the last request.
      expect(res.headers['set-cookie']?.some((c) => c.startsWith('soloist_session='))).toBe(true);
      const sessions = await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
      expect(sessions).toHaveLength(1);
      expect(res.headers.connection).toBe('close');

      await s.exited;
      expect({ code: s.child.exitCode, stderr: s.stderr() }).toEqual({ code: 0, stderr: '' });
      const messages = s
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => (JSON.parse(l) as { msg: string }).msg);
      expect(messages).toEqual(expect.arrayContaining(['shutting down: draining requests and jobs', 'shut down']));
    } finally {
      if (server) await stop(server);
    }
  });
});
