import { Agent, createUser, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('GET /sanctum/csrf-cookie', () => {
  it('sets an httpOnly session cookie and a readable XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const session = res.cookies.find((c) => c.name === 'soloist_session')!;
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(xsrf.httpOnly).toBeFalsy();
    expect(xsrf.value).toHaveLength(43);
    expect(session.secure).toBeFalsy();
  });

  it('marks the cookies Secure behind a trusted HTTPS proxy (TRUST_PROXY)', async () => {
    const behindProxy = await testApp({ trustProxy: true });
    const res = await behindProxy.app.inject({
      method: 'GET',
      url: '/sanctum/csrf-cookie',
      headers: { 'x-forwarded-proto': 'https' },
    });
    await behindProxy.close();
    expect(res.cookies.every((c) => c.secure)).toBe(true);
  });
});

describe('POST /api/login', () => {
  it('refuses a mutating call without the X-XSRF-TOKEN header with 419', async () => {
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.request(
      'POST',
      '/api/login',
      { email: 'a@b.co', password: 'x' },
      { 'x-xsrf-token': 'wrong' },
    );
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toBe('CSRF token mismatch.');
  });

  it('answers 422 with the credentials message for a wrong password, in the caller’s locale', async () => {
    const user = await createUser(t.app);
    const agent = new Agent(t.app);
    expect((await agent.login(user.email, 'Wrong-pass-1')).json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    agent.locale = 'uk';
    const uk = await agent.post('/api/login', { email: user.email, password: 'Wrong-pass-1' });
    expect(uk.statusCode).toBe(422);
    expect(uk.json().message).toBe('Ці облікові дані не відповідають нашим записам.');
  });

  it('validates the body with the spec’s field messages', async () => {
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/login', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });

  it('logs in with a new session id, so a session fixed before login is worthless', async () => {
    const user = await createUser(t.app);
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    const before = agent.cookies.soloist_session;
    expect((await agent.post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect(agent.cookies.soloist_session).not.toBe(before);
    const old = await t.app.inject({ method: 'GET', url: '/api/v1/user', cookies: { soloist_session: before } });
    expect(old.statusCode).toBe(401);
  });
});

describe('POST /api/login rate limit', () => {
  it('answers 429 with a clear message after ten failed tries for one account', async () => {
    const user = await createUser(t.app);
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await agent.post('/api/login', { email: user.email, password: `Wrong-${i}` })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    const last = await agent.post('/api/login', { email: user.email, password: user.password });
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/user', () => {
  it('is 401 for a guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthenticated.');
  });

  it('returns the logged-in user with role and subscription', async () => {
    const user = await createUser(t.app, { plan_name: 'Business Annual' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const body = (await agent.get('/api/v1/user')).json();
    expect(body.data).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'users',
      is_admin: false,
      is_premium: false,
      subscription: { plan_name: 'Business Annual', valid: true },
    });
    expect(body.data.password_hash).toBeUndefined();
  });
});

describe('POST /api/logout', () => {
  it('ends the session in the database', async () => {
    const user = await createUser(t.app);
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const cookie = agent.cookies.soloist_session;
    expect((await agent.post('/api/logout')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user', cookies: { soloist_session: cookie } });
    expect(res.statusCode).toBe(401);
  });
});
