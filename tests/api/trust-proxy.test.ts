import { parseTrustProxy } from '../../src/server/config';
import { Agent, testApp, type TestApp } from '../helpers/app';

/** The login limit per address (auth.ts): 50 tries a minute. One more is refused. */
const PER_ADDRESS = 50;

/**
 * Wrong logins from one socket address, each naming a different account (so only the per-address limit can
 * refuse) and each claiming a different client address in X-Forwarded-For. Returns the status codes.
 */
async function forgedLogins(t: TestApp, count: number): Promise<number[]> {
  const agent = new Agent(t.app);
  agent.ip = '203.0.113.7';
  await agent.get('/sanctum/csrf-cookie');
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await agent.request(
      'POST',
      '/api/login',
      { email: `nobody${i}@example.com`, password: 'Wrong-pass-1' },
      { 'x-forwarded-for': `198.51.100.${i + 1}` },
    );
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('X-Forwarded-For and per-address limits', () => {
  it('by default trusts no proxy: a forged X-Forwarded-For does not escape the per-address login limit', async () => {
    const t = await testApp();
    try {
      const statuses = await forgedLogins(t, PER_ADDRESS + 1);
      expect(statuses.slice(0, PER_ADDRESS).every((s) => s === 422)).toBe(true);
      expect(statuses[PER_ADDRESS]).toBe(429);
      // Nor does it make a request look like HTTPS: cookies are not marked Secure on its word.
      const res = await t.app.inject({
        method: 'GET',
        url: '/sanctum/csrf-cookie',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.some((c) => c.secure)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY set, honours the address the proxy names', async () => {
    const t = await testApp({ trustProxy: parseTrustProxy('203.0.113.7') });
    try {
      const statuses = await forgedLogins(t, PER_ADDRESS + 1);
      expect(statuses.every((s) => s === 422)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes a hop count, true, or a list of addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('with a hop count, trusts that many proxies in front of the app', async () => {
    const t = await testApp({ trustProxy: parseTrustProxy('1') });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/sanctum/csrf-cookie',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.every((c) => c.secure)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
