import { Agent, createUser, testApp, type TestApp } from '../helpers/app';

/**
 * Read-only mode (spec §4, §6: "Read-only mode blocks all gated actions"): a read-only owner changes none of their
 * settings — every `PUT /api/v1/user/…` the API declares is refused with the read-only reason, through the ability
 * rules — except what such an owner must still do: their profile and password, their subscription (the way back),
 * and marking what their bell tells them read.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** What a read-only owner may still change, and why. */
const STILL_OPEN = new Set([
  '/api/v1/user/profile', // their name, email and language
  '/api/v1/user/password',
  '/api/v1/user/auto-renew', // part of reactivating
  // Their bell: marking news and notifications read changes nothing of the business, and a read-only owner is told
  // things too (how to reactivate, a payment that failed) and must be able to clear them.
  '/api/v1/user/news/mark-all-as-read',
  '/api/v1/user/news/{id}/mark-as-read',
  '/api/v1/user/notifications/mark-all-as-read',
  '/api/v1/user/notifications/{id}/mark-as-read',
]);

async function readOnlyOwner() {
  const u = await createUser(t.app, { plan_name: 'Premium Monthly' });
  const ended = new Date(Date.now() - 10 * 86_400_000).toISOString();
  await t.app.db
    .updateTable('users')
    .set({ subscription_status: 'expired', ends_at: ended, subscription_ended_at: ended, stage: 'unsubscriber' })
    .where('id', '=', u.id)
    .execute();
  const agent = new Agent(t.app);
  await agent.login(u.email, u.password);
  return agent;
}

describe('a read-only owner’s settings', () => {
  it('cannot save dashboard settings (403 with the read-only reason), and still reads them', async () => {
    const agent = await readOnlyOwner();
    const current = await agent.get('/api/v1/user/dashboard-settings');
    expect(current.statusCode).toBe(200);
    const refused = await agent.put('/api/v1/user/dashboard-settings', current.json().data);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You are in Read Only Mode. Reactivate your subscription to make changes.',
      reason: 'permissions.readOnly',
    });
  });

  it('still changes their profile', async () => {
    const agent = await readOnlyOwner();
    const me = (await agent.get('/api/v1/user')).json().data;
    const body = { first_name: 'Still', last_name: me.last_name, email: me.email, locale: 'en' };
    expect((await agent.put('/api/v1/user/profile', body)).statusCode).toBe(200);
  });

  it('cannot save any of them but the profile, the password and the subscription', async () => {
    const agent = await readOnlyOwner();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const settings = Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/user/') && doc.paths[p].put);
    expect(settings).toEqual(expect.arrayContaining(['/api/v1/user/dashboard-settings', '/api/v1/user/profile']));
    const answers: Record<string, unknown> = {};
    for (const path of settings.filter((p) => !STILL_OPEN.has(p))) {
      // What the owner has now, sent back unchanged: a body the schema takes, so the refusal is the permission's.
      const url = path.replace(/\{\w+\}/g, '1');
      const now = await agent.get(url);
      const res = await agent.put(url, now.statusCode === 200 ? now.json().data : {});
      answers[path] = [res.statusCode, res.json().reason];
    }
    expect(Object.keys(answers).length).toBeGreaterThan(8);
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((p) => [p, [403, 'permissions.readOnly']])));
  });
});
