import { Agent, createUser, loggedIn, testApp, type TestApp } from '../helpers/app';

/**
 * `GET /api/v1/admin/user` takes the spec's parameters (§7: page, search, is_affiliate, is_trashed_user,
 * subscription) as well as `scope`; and a path the API does not have answers 404 "Not found".
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await testApp();
  const a = await createUser(t.app, { is_admin: 1 });
  admin = new Agent(t.app);
  await admin.login(a.email, a.password);
  const make = async (email: string, set: Record<string, unknown>) => {
    const { id } = await createUser(t.app, { email });
    await t.app.db.updateTable('users').set(set).where('id', '=', id).execute();
  };
  await make('owner@example.com', { stage: 'subscriber' });
  await make('trialist@example.com', { stage: 'trial' });
  await make('partner@example.com', { is_affiliate: 1 });
  await make('gone@example.com', { deleted_at: new Date().toISOString() });
  await make('lapsed@example.com', { stage: 'lapsed' });
});
afterAll(async () => t.close());

const emails = async (q: string) => {
  const res = await admin.get(`/api/v1/admin/user${q}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ email: string }>).map((u) => u.email).sort();
};

describe('GET /api/v1/admin/user with the spec’s parameters', () => {
  it('lists only trashed users with is_trashed_user=1', async () => {
    expect(await emails('?is_trashed_user=1')).toEqual(['gone@example.com']);
    expect(await emails('?is_trashed_user=0')).toEqual(await emails(''));
  });

  it('lists affiliates with is_affiliate=1 and the users without them with is_affiliate=0', async () => {
    expect(await emails('?is_affiliate=1')).toEqual(['partner@example.com']);
    expect(await emails('?is_affiliate=0')).toEqual([
      'lapsed@example.com',
      'owner@example.com',
      'trialist@example.com',
    ]);
  });

  it('lists users by their subscription', async () => {
    expect(await emails('?subscription=unsubscribed')).toEqual(['lapsed@example.com']);
    expect(await emails('?subscription=trial')).toEqual(['trialist@example.com']);
    expect(await emails('?subscription=subscribed')).toEqual(['owner@example.com']);
    // Only deleted: the trashed list, as the admin list's filter calls it.
    expect(await emails('?subscription=deleted')).toEqual(['gone@example.com']);
  });

  it('takes them with search and page, and refuses an unknown value or two that cannot both hold', async () => {
    expect(await emails('?is_trashed_user=1&search=gone&page=1')).toEqual(['gone@example.com']);
    expect(await emails('?is_trashed_user=1&search=owner')).toEqual([]);
    const unknown = await admin.get('/api/v1/admin/user?subscription=forever');
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['subscription']);
    const both = await admin.get('/api/v1/admin/user?is_affiliate=1&is_trashed_user=1');
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.is_trashed_user).toEqual([
      'This list cannot be filtered this way together with is affiliate: choose one of them.',
    ]);
  });
});

describe('a path the API does not have', () => {
  it('answers 404 "Not found" (not the words for a missing record), in the caller’s language', async () => {
    const { agent } = await loggedIn(t.app);
    for (const url of ['/api/v1/no-such-call', '/api/v1/clients/1/nothing', '/api/nothing']) {
      const res = await agent.get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 404,
        body: { message: 'Not found' },
      });
    }
    agent.locale = 'uk';
    expect((await agent.get('/api/v1/no-such-call')).json().message).toBe('Не знайдено');
    // A record that does not exist keeps its own words.
    agent.locale = 'en';
    expect((await agent.get('/api/v1/clients/999999')).json().message).toBe('No query results for that record.');
  });
});
