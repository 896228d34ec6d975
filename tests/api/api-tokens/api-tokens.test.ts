import { Agent, createUser, loggedIn, testApp, type TestApp } from '../../helpers/app';

/**
 * API tokens (spec §6, §7 `/admin/token`): issued by an admin for an owner's account, shown once and kept hashed,
 * sent as `Authorization: Bearer`, acting with that account's rights as an API user, revoked at once, refused on the
 * cookie-only routes and limited like sign-ins.
 */
let t: TestApp;
let admin: Agent;
let owner: Agent;
let ownerId: number;
let other: Agent;
let affiliate: Agent;
beforeAll(async () => {
  t = await testApp();
  const a = await createUser(t.app, { is_admin: 1 });
  admin = new Agent(t.app);
  await admin.login(a.email, a.password);
  const o = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  owner = o.agent;
  ownerId = o.user.id;
  ({ agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  const f = await createUser(t.app);
  await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', f.id).execute();
  affiliate = new Agent(t.app);
  await affiliate.login(f.email, f.password);
});
afterAll(async () => t.close());

const issue = async (userId = ownerId, name = 'Bookkeeping sync') => {
  const res = await admin.post('/api/v1/admin/token', { user_id: userId, name });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; token: string; prefix: string };
};
/** A program's request: no cookies, the token in the Authorization header. */
const bearer = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
  ip = '10.20.0.1',
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });

describe('admin token routes', () => {
  it('refuse an owner and an affiliate on every route', async () => {
    const { id } = await issue();
    for (const agent of [owner, affiliate]) {
      expect((await agent.get('/api/v1/admin/token')).statusCode).toBe(403);
      expect((await agent.post('/api/v1/admin/token', { user_id: ownerId, name: 'x' })).statusCode).toBe(403);
      expect((await agent.delete(`/api/v1/admin/token/${id}`)).statusCode).toBe(403);
    }
  });

  it('answer bad input with 422 and a message per field, and issue tokens for owners only', async () => {
    const empty = await admin.post('/api/v1/admin/token', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['name', 'user_id']);
    const a = await createUser(t.app, { is_admin: 1 });
    const toAdmin = await admin.post('/api/v1/admin/token', { user_id: a.id, name: 'x' });
    expect(toAdmin.statusCode).toBe(422);
    expect(toAdmin.json().errors).toEqual({ user_id: ["API tokens are issued for owners' accounts only."] });
    expect((await admin.post('/api/v1/admin/token', { user_id: 999999, name: 'x' })).statusCode).toBe(422);
    expect((await admin.delete('/api/v1/admin/token/999999')).statusCode).toBe(404);
  });

  it('shows the token once, keeps only its hash, and lists it by its first characters', async () => {
    const { id, token, prefix } = await issue(ownerId, 'Shown once');
    expect(token).toMatch(/^sol_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);
    const row = await t.app.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token.slice(4));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await admin.get('/api/v1/admin/token?search=Shown');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id, prefix, name: 'Shown once', last_used_at: null })]);
    expect(list.body).not.toContain(token);
  });
});

describe('a request with a token', () => {
  it('acts for its account as an API user, with a last-used time, and needs no CSRF', async () => {
    const { id, token } = await issue();
    expect((await owner.post('/api/v1/clients', { first_name: 'Mine' })).statusCode).toBe(201);
    expect((await other.post('/api/v1/clients', { first_name: 'Theirs' })).statusCode).toBe(201);
    const me = await bearer(token, 'GET', '/api/v1/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: ownerId, is_api_user: true });
    const clients = await bearer(token, 'GET', '/api/v1/clients');
    expect(clients.statusCode).toBe(200);
    expect(clients.json().data.map((c: { first_name: string }) => c.first_name)).toEqual(['Mine']);
    const created = await bearer(token, 'POST', '/api/v1/clients', { first_name: 'By program' });
    expect(created.statusCode).toBe(201);
    const listed = (await admin.get('/api/v1/admin/token')).json().data.find((r: { id: number }) => r.id === id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it('cannot reach another account’s records', async () => {
    const { token } = await issue();
    const theirs = (await other.post('/api/v1/clients', { first_name: 'Private' })).json().data.id as number;
    expect([403, 404]).toContain((await bearer(token, 'GET', `/api/v1/clients/${theirs}`)).statusCode);
    expect([403, 404]).toContain(
      (await bearer(token, 'PUT', `/api/v1/clients/${theirs}`, { first_name: 'X' })).statusCode,
    );
    expect([403, 404]).toContain((await bearer(token, 'DELETE', `/api/v1/clients/${theirs}`)).statusCode);
    expect((await other.get(`/api/v1/clients/${theirs}`)).json().data.first_name).toBe('Private');
    expect((await bearer(token, 'GET', '/api/v1/admin/user')).statusCode).toBe(403);
  });

  it('bypasses subscription gating: a read-only account still writes through its token', async () => {
    const { user, agent } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const ended = new Date(Date.now() - 86_400_000).toISOString();
    await t.app.db
      .updateTable('users')
      .set({ subscription_status: 'expired', ends_at: ended, subscription_ended_at: ended, stage: 'unsubscriber' })
      .where('id', '=', user.id)
      .execute();
    expect((await agent.post('/api/v1/clients', { first_name: 'Gated' })).statusCode).toBe(403);
    const { token } = await issue(user.id);
    expect((await bearer(token, 'POST', '/api/v1/clients', { first_name: 'Through the API' })).statusCode).toBe(201);
  });

  it('fails at once when revoked', async () => {
    const { id, token } = await issue();
    expect((await bearer(token, 'GET', '/api/v1/clients')).statusCode).toBe(200);
    const revoked = await admin.delete(`/api/v1/admin/token/${id}`);
    expect(revoked.statusCode).toBe(200);
    const after = await bearer(token, 'GET', '/api/v1/clients');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This API token is not valid, or it was revoked.');
    expect(
      (await admin.get('/api/v1/admin/token')).json().data.find((r: { id: number }) => r.id === id).revoked_at,
    ).not.toBeNull();
  });

  it('never works for the cookie-only routes (the CSRF cookie, login, logout)', async () => {
    const { token } = await issue();
    for (const [method, url] of [
      ['GET', '/sanctum/csrf-cookie'],
      ['POST', '/api/logout'],
      ['POST', '/api/login'],
    ] as const) {
      const res = await bearer(token, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The token still works where it belongs.
    expect((await bearer(token, 'GET', '/api/v1/clients')).statusCode).toBe(200);
  });

  it('is limited like sign-ins: wrong tokens from one address are refused with 429 after 50 a minute', async () => {
    const ip = '10.20.9.9';
    for (let i = 0; i < 50; i++)
      expect((await bearer(`sol_wrong${i}`, 'GET', '/api/v1/clients', undefined, ip)).statusCode).toBe(401);
    const limited = await bearer('sol_wrong-again', 'GET', '/api/v1/clients', undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Sign-ins from that address share the budget.
    const signIn = new Agent(t.app);
    signIn.ip = ip;
    expect((await signIn.login('nobody@example.com', 'wrong-password')).statusCode).toBe(429);
  });
});

describe('the OpenAPI document', () => {
  it('shows the bearer scheme beside the session cookie', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/admin/token', '/api/v1/admin/token/{id}']));
  });
});

describe('the admin’s audit of tokens', () => {
  const audit = async (agent: Agent, userId: number) => {
    const res = await agent.get(`/api/v1/admin/user/audit/${userId}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<{ action: string; admin_name: string; before: string; after: string }>;
  };

  it('shows issuing and revoking on the account’s page, naming the token and never its text', async () => {
    const { user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const { id, token } = await issue(user.id, 'Zapier');
    expect(await audit(admin, user.id)).toEqual([
      expect.objectContaining({
        action: 'api_token_issued',
        admin_name: 'Test User',
        before: '—',
        after: 'API token: Zapier',
      }),
    ]);
    expect((await admin.delete(`/api/v1/admin/token/${id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/v1/admin/token/${id}`)).statusCode).toBe(200);
    const [revoked, issued] = await audit(admin, user.id);
    expect(revoked).toMatchObject({ action: 'api_token_revoked', before: 'API token: Zapier, Revoked: —' });
    expect(revoked.after).toMatch(/^API token: Zapier, Revoked: \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(issued.action).toBe('api_token_issued');
    expect(await audit(admin, user.id)).toHaveLength(2);

    const rows = await t.app.db.selectFrom('admin_audit').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token.slice(-12));

    admin.locale = 'uk';
    const uk = await audit(admin, user.id);
    admin.locale = 'en';
    expect(uk[1].after).toBe('API-токен: Zapier');
    expect(uk[0].before).toBe('API-токен: Zapier, Відкликано: —');
    // The page names each action by its enum word, in both languages.
    const words = (locale: string) =>
      ['api_token_issued', 'api_token_revoked'].map((a) => t.app.translator(locale)(`enums.${a}`));
    expect(words('en')).toEqual(['API token issued', 'API token revoked']);
    expect(words('uk')).toEqual(['API-токен видано', 'API-токен відкликано']);
  });

  it('writes nothing for a token that could not be issued or revoked', async () => {
    const before = await t.app.db.selectFrom('admin_audit').select('id').execute();
    expect((await admin.post('/api/v1/admin/token', { user_id: 999999, name: 'x' })).statusCode).toBe(422);
    expect((await admin.delete('/api/v1/admin/token/999999')).statusCode).toBe(404);
    expect((await owner.post('/api/v1/admin/token', { user_id: ownerId, name: 'x' })).statusCode).toBe(403);
    expect(await t.app.db.selectFrom('admin_audit').select('id').execute()).toEqual(before);
  });
});
