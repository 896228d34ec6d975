import { sql } from 'kysely';
import { CONTENT_SECURITY_POLICY } from '../../../src/server/plugins/security-headers';
import { testApp, type TestApp } from '../../helpers/app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
};

describe('GET /health and GET /ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t.close());

  it('/health answers 200 with the security headers, a request id and no cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expectSecurityHeaders(res.headers);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('/ready answers 200 naming each part: the database, its migrations, and Redis (not configured here)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'off' } });
    expectSecurityHeaders(res.headers);
  });

  it('stays out of rate limits, sessions and CSRF: a probe every moment is always answered', async () => {
    for (let i = 0; i < 120; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: i % 2 ? '/ready' : '/health',
        cookies: { soloist_session: 'not-a-session' },
        remoteAddress: '203.0.113.9',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('keeps the id a proxy gave the request when it is well formed, and makes its own otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'lb-7f3a9c21-0001' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
    for (const bad of ['short', 'has space in it ok', 'x'.repeat(65), 'new\\nline-0001']) {
      const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    }
  });
});

describe('GET /ready when a part cannot work', () => {
  it('answers 503 with migrations "pending" when the schema lacks one of this code\'s migrations', async () => {
    const t = await testApp();
    try {
      await sql`delete from kysely_migration where name = '0046-job-request-ids'`.execute(t.app.db);
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'pending', redis: 'off' },
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the database when it is gone, while /health (which never touches it) still answers 200', async () => {
    const t = await testApp();
    try {
      await t.app.db.destroy();
      const ready = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not ready',
        checks: { database: 'failed', migrations: 'failed', redis: 'off' },
      });
      expectSecurityHeaders(ready.headers);
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('checks Redis when it is configured: "ok" while it answers', async () => {
    const t = await testApp({ redisUrl: REDIS_URL });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming Redis when the configured Redis does not answer', async () => {
    // Nothing listens on port 1: the queue and the limits fail closed, and /ready says why.
    const t = await testApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 "draining" once a shutdown has begun, and every answer then closes its connection', async () => {
    const t = await testApp();
    try {
      t.app.operations.drain();
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining' });
      expect(res.headers.connection).toBe('close');
    } finally {
      await t.close();
    }
  });
});
