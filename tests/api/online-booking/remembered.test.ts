import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, testApp, type TestApp } from '../../helpers/app';
import { bookingOwner, outbox } from '../../helpers/booking';

/** A cookie as a browser keeps it: its value, the path it is sent to, and whether it outlives the browser. */
interface Kept {
  name: string;
  value: string;
  path: string;
  persistent: boolean;
  /** Seconds it lasts, when it says. */
  maxAge: number | null;
}

/** The cookies of `Set-Cookie` headers, as a browser stores them. */
function keep(setCookie: string | string[] | undefined): Kept[] {
  return ([] as string[]).concat(setCookie ?? []).map((header) => {
    const [pair, ...attributes] = header.split(';').map((s) => s.trim());
    const at = (name: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1) ?? null;
    const eq = pair.indexOf('=');
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      path: at('path') ?? '/',
      persistent: at('max-age') !== null || at('expires') !== null,
      maxAge: at('max-age') === null ? null : Number(at('max-age')),
    };
  });
}

/** RFC 6265 §5.1.4: the cookie's path is the request path, or a prefix of it ending at a `/`. */
const pathMatches = (cookiePath: string, requestPath: string) =>
  requestPath === cookiePath ||
  (requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'));

/** The Cookie header a browser sends with a request for `url`, from what it kept (after a restart: persistent only). */
const cookieHeaderFor = (jar: Kept[], url: string) =>
  jar
    .filter((c) => pathMatches(c.path, url.split('?')[0]))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

/**
 * "Remember me" on the booking page (spec §9: remember me for {0} days): a returning client is recognised on the
 * page's first paint — the answer the page carries for its first read — in a new tab or after the browser restarts,
 * with the cookie as the browser sends it to the page's own address.
 */
describe('a remembered client on the booking page', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-remember-'));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Soloist</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(web, 'chunks.json'), '{}');
    t = await testApp({ webDir: web });
    await bookingOwner(t.app, 'remember-studio');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  /** Verifies `email` on the page, ticking "remember me" or not; the cookies the browser keeps afterwards. */
  async function verify(email: string, remember: boolean): Promise<Kept[]> {
    const agent = new Agent(t.app);
    agent.ip = remember ? '10.77.0.1' : '10.77.0.2';
    await agent.get('/sanctum/csrf-cookie');
    const sent = await agent.post('/api/v1/online-booking/remember-studio/codes', {
      channel: 'email',
      destination: email,
    });
    const code = /\b(\d{6})\b/.exec((await outbox(t.app, email))[0].body)![1];
    const res = await agent.post('/api/v1/online-booking/remember-studio/codes/verify', {
      token: sent.json().data.token,
      code,
      remember,
    });
    expect(res.statusCode).toBe(200);
    return keep(res.headers['set-cookie']).filter((c) => c.name === 'soloist_booking');
  }

  /** The page's first read as the page carries it, for a browser sending `cookie`. */
  async function firstRead(url: string, cookie: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', cookie } });
    expect(res.statusCode).toBe(200);
    const block = /<script type="application\/json" id="soloist-preload">(.*?)<\/script>/s.exec(res.body);
    const preloaded = JSON.parse(block![1]) as Record<string, { body: { data: { verified: unknown } } }>;
    return preloaded['/api/v1/online-booking/remember-studio'].body.data;
  }

  it('recognises a client who ticked "remember me" in a new tab and after a restart, for 30 days', async () => {
    const kept = await verify('kept@example.com', true);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((c) => c.persistent)).toBe(true);
    // After a restart the browser has only what persists; a new tab opens the page's address.
    const page = await firstRead(
      '/online-booking/remember-studio',
      cookieHeaderFor(kept, '/online-booking/remember-studio'),
    );
    expect(page.verified).toMatchObject({ destination: 'kept@example.com', channel: 'email' });
    // The page's API calls are recognised as before, and another owner's page is not sent the cookie.
    expect(cookieHeaderFor(kept, '/api/v1/online-booking/remember-studio/holds')).toMatch(/^soloist_booking=/);
    expect(cookieHeaderFor(kept, '/online-booking/remember-studio-2')).toBe('');
    expect(cookieHeaderFor(kept, '/dashboard')).toBe('');
    expect(kept.map((c) => c.maxAge)).toEqual(kept.map(() => 30 * 86_400));
  });

  it('forgets a client who did not tick it once the browser closes', async () => {
    const session = await verify('once@example.com', false);
    expect(session.some((c) => c.persistent)).toBe(false);
    // The same tab still knows them; a browser restarted keeps nothing of it.
    const sameTab = await firstRead(
      '/online-booking/remember-studio',
      cookieHeaderFor(session, '/online-booking/remember-studio'),
    );
    expect(sameTab.verified).toMatchObject({ destination: 'once@example.com' });
    const restarted = session.filter((c) => c.persistent);
    expect(
      (
        await firstRead(
          '/online-booking/remember-studio',
          cookieHeaderFor(restarted, '/online-booking/remember-studio'),
        )
      ).verified,
    ).toBeNull();
  });
});
