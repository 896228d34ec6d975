import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';

/**
 * Every admin route refuses owners and affiliates with 403, whatever they send (an empty body included), and
 * changes nothing. The routes are the app's own list, so a new admin route is covered the day it is added. Signing
 * back out of a user (`POST /admin/user/logout`) is the one an impersonated owner's session must reach.
 */
let t: TestApp;
const callers: Record<string, Agent> = {};
let targetId: number;
beforeAll(async () => {
  t = await testApp();
  callers.owner = (await loggedIn(t.app)).agent;
  const affiliate = await loggedIn(t.app);
  await t.app.db
    .updateTable('users')
    .set({ is_affiliate: 1, plan_name: null })
    .where('id', '=', affiliate.user.id)
    .execute();
  callers.affiliate = affiliate.agent;
  targetId = (await loggedIn(t.app)).user.id;
});
afterAll(async () => t.close());

const adminRoutes = () =>
  t.app.routeList
    .filter((r) => r.url.startsWith('/api/v1/admin') && r.url !== '/api/v1/admin/user/logout')
    .flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((method) => ({ method, url: r.url })),
    );

describe('every /api/v1/admin route', () => {
  it('is found (the list is not empty, and has the support console’s and the dashboard’s)', () => {
    const urls = adminRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/dashboard',
        'PUT /api/v1/admin/user/password/:id',
        'PUT /api/v1/admin/user/trial/:id',
        'PUT /api/v1/admin/user/balance/:id',
        'PUT /api/v1/admin/user/sms/:id',
        'PUT /api/v1/admin/user/marketing/:id',
        'POST /api/v1/admin/user/end-sessions/:id',
        'DELETE /api/v1/admin/user/:id',
        'POST /api/v1/admin/user/:id',
        'GET /api/v1/admin/user',
        'GET /api/v1/admin/user/audit/:id',
        'GET /api/v1/admin/user/account/:id',
      ]),
    );
  });

  it.each(['owner', 'affiliate'])('answers 403 to an %s and changes nothing', async (who) => {
    const before = await t.app.db.selectFrom('users').selectAll().where('id', '=', targetId).executeTakeFirstOrThrow();
    const answers: string[] = [];
    for (const { method, url } of adminRoutes()) {
      const path = url.replace(/:[a-z_]+/g, String(targetId));
      for (const body of [undefined, {}, { password: 'x', amount: 0, trial_ends_at: 'no' }]) {
        if (method === 'GET' && body) continue;
        const res = await callers[who].request(method as 'GET', path, method === 'GET' ? undefined : (body ?? {}));
        answers.push(`${method} ${url} ${res.statusCode}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith(' 403'))).toEqual([]);
    const after = await t.app.db.selectFrom('users').selectAll().where('id', '=', targetId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await t.app.db.selectFrom('admin_audit').selectAll().execute()).toEqual([]);
  });
});
