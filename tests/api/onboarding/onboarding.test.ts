import { Agent, loggedIn, testApp, type TestApp } from '../../helpers/app';

/** Every step the shipped screens declare, as the API names them. */
const stepsOf = (t: TestApp) =>
  [...t.app.schemas.registry.screens.values()].flatMap((s) =>
    (s.tour?.steps ?? []).map((step) => `${s.id}:${step.id}`),
  );

const done = async (agent: Agent) => {
  const res = await agent.get('/api/v1/onboarding');
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ step_id: string }>).map((s) => s.step_id);
};

describe('GET /api/v1/onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t.close());

  it('has nothing done for a new owner', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect(await done(agent)).toEqual([]);
  });

  it('shows an owner only their own steps', async () => {
    const { agent: one } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect((await one.post('/api/v1/onboarding', { step_id: 'clients.list:search' })).statusCode).toBe(200);
    expect(await done(one)).toEqual(['clients.list:search']);
    expect(await done(other)).toEqual([]);
  });

  it('shows an admin flagged is_hidden_admin every step as done', async () => {
    const { agent, user } = await loggedIn(t.app, { is_admin: 1 });
    expect(await done(agent)).toEqual([]);
    await t.app.db.updateTable('users').set({ is_hidden_admin: 1 }).where('id', '=', user.id).execute();
    const all = stepsOf(t);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect((await done(agent)).sort()).toEqual([...all].sort());
  });

  it('does not treat the flag on an owner as an admin’s', async () => {
    const { agent, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    await t.app.db.updateTable('users').set({ is_hidden_admin: 1 }).where('id', '=', user.id).execute();
    expect(await done(agent)).toEqual([]);
  });

  it('asks who is calling', async () => {
    const guest = new Agent(t.app);
    expect((await guest.get('/api/v1/onboarding')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t.close());

  it('marks a step done once, however often it is sent', async () => {
    const { agent, user } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    for (let i = 0; i < 3; i++) {
      const res = await agent.post('/api/v1/onboarding', { step_id: 'dashboard.home:income' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { step_id: 'dashboard.home:income' } });
    }
    await Promise.all([1, 2, 3].map(() => agent.post('/api/v1/onboarding', { step_id: 'clients.list:search' })));
    expect((await done(agent)).sort()).toEqual(['clients.list:search', 'dashboard.home:income']);
    const rows = await t.app.db.selectFrom('onboarding_steps').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses a step no screen declares, with a message on step_id, and stores nothing', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    for (const step_id of ['clients.list:nope', 'nowhere:search', 'clients.list', '']) {
      const res = await agent.post('/api/v1/onboarding', { step_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.step_id).toHaveLength(1);
    }
    const unknown = await agent.post('/api/v1/onboarding', { step_id: 'clients.list:nope' });
    expect(unknown.json().errors.step_id[0]).toBe('The selected step id is invalid.');
    expect((await agent.post('/api/v1/onboarding', {})).json().errors).toHaveProperty('step_id');
    expect(await done(agent)).toEqual([]);
  });

  it('says the refusal in the caller’s language', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    agent.locale = 'uk';
    const res = await agent.post('/api/v1/onboarding', { step_id: 'clients.list:nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.step_id[0]).toMatch(/ідентифікатор кроку/i);
  });

  it('marks the step for the caller only, whatever the body says of anyone else', async () => {
    const { agent: one, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const { user: them } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const res = await one.post('/api/v1/onboarding', { step_id: 'clients.list:search', user_id: them.id });
    expect(res.statusCode).toBeLessThan(500);
    const rows = await t.app.db.selectFrom('onboarding_steps').select('user_id').execute();
    expect(rows.filter((r) => r.user_id === them.id)).toEqual([]);
    expect((await other.post('/api/v1/onboarding', { step_id: 'dashboard.home:income' })).statusCode).toBe(200);
    expect(await done(one)).toEqual(res.statusCode === 200 ? ['clients.list:search'] : []);
    expect(await done(other)).toEqual(['dashboard.home:income']);
    expect(user.id).not.toBe(them.id);
  });

  it('lets an owner in read-only mode still mark a step (it changes none of their data)', async () => {
    const { agent, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    await t.app.db.updateTable('users').set({ subscription_status: 'invalid' }).where('id', '=', user.id).execute();
    expect((await agent.post('/api/v1/onboarding', { step_id: 'clients.list:search' })).statusCode).toBe(200);
  });
});
