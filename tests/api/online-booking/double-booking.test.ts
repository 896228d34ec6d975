import { openBookingSession } from '../../../src/server/features/online-booking/sessions';
import { ownerBySlug } from '../../../src/server/features/online-booking/owner';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, onPostgres } from '../../helpers/app';
import { bookingStudio, type Studio } from '../../helpers/booking-studio';

const studio: Studio = bookingStudio();
let t: Studio['t'], ownerId: number, services: Studio['services'];
beforeAll(() => {
  ({ t, ownerId, services } = studio);
});

/** A client of another API process over HTTP, keeping cookies and sending the CSRF header like the app. */
class HttpAgent {
  cookies: Record<string, string> = {};
  constructor(private base: string) {}
  async request(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ statusCode: number; json(): { data: { token: string } } }> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: Object.entries(this.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        ...(this.cookies['XSRF-TOKEN'] ? { 'x-xsrf-token': decodeURIComponent(this.cookies['XSRF-TOKEN']) } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies[pair.slice(0, i)] = pair.slice(i + 1);
    }
    const text = await res.text();
    return { statusCode: res.status, json: () => JSON.parse(text) };
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown) => this.request('POST', url, body);
}

/** A second API process on the same database (PostgreSQL): the lock that prevents double booking must span processes. */
async function secondProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const child = spawn('node_modules/.bin/tsx', ['src/server/server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SEED: '0', LOG: '0' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/api/v1/ui/manifest`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the second API process did not start');
}

describe('no double booking', () => {
  it(`100 concurrent attempts at the same time: exactly one booking${onPostgres ? ' (two API processes)' : ''}`, async () => {
    const owner = (await ownerBySlug(t.app.db, 'hart-studio', t.app.schemas.current.rules))!;
    const start = '2027-03-08T15:00:00.000Z';
    const other = onPostgres ? await secondProcess(t.databaseUrl) : null;
    try {
      const attempts = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const session = await openBookingSession(t.app.db, owner, 'email', `racer${i}@example.com`, null, false);
          // On PostgreSQL every other attempt goes through the second process.
          const agent = other && i % 2 ? new HttpAgent(other.url) : new Agent(t.app);
          await agent.get('/sanctum/csrf-cookie');
          agent.cookies.soloist_booking = session.token;
          return agent;
        }),
      );
      const results = await Promise.all(
        attempts.map(async (agent, i) => {
          const hold = await agent.post('/api/v1/online-booking/hart-studio/holds', {
            service: services.free.public_id,
            start,
          });
          if (hold.statusCode !== 201) return hold.statusCode;
          return (
            await agent.post('/api/v1/online-booking/hart-studio/bookings', {
              hold: hold.json().data.token,
              first_name: `Racer ${i}`,
            })
          ).statusCode;
        }),
      );
      expect(results.filter((s) => s === 201)).toHaveLength(1);
      expect(results.filter((s) => s === 422)).toHaveLength(99);
      const booked = await t.app.db
        .selectFrom('appointments')
        .select('id')
        .where('user_id', '=', ownerId)
        .where('starts_at', '=', start)
        .execute();
      expect(booked).toHaveLength(1);
    } finally {
      other?.child.kill();
    }
  });
});
