import { Agent, createUser, loggedIn, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let alice: Agent;
let bob: Agent;
let alicesClient: { id: number };

beforeAll(async () => {
  t = await testApp();
  ({ agent: alice } = await loggedIn(t.app));
  ({ agent: bob } = await loggedIn(t.app));
  alicesClient = (
    await alice.post('/api/v1/clients', { first_name: 'Private', last_name: 'Person', email: 'private@example.com' })
  ).json().data;
  await bob.post('/api/v1/clients', { first_name: 'Bobs', last_name: 'Own' });
});
afterAll(async () => t.close());

describe('client tenancy', () => {
  it('lists only the caller’s own clients', async () => {
    const bobs = (await bob.get('/api/v1/clients')).json();
    expect(bobs.meta.total).toBe(1);
    expect(bobs.data[0].first_name).toBe('Bobs');
    expect((await bob.get('/api/v1/clients?search=Private')).json().data).toEqual([]);
    expect((await bob.get('/api/v1/clients?is_lite=1')).json()).toHaveLength(1);
  });

  it('hides another owner’s client as if it did not exist', async () => {
    expect((await bob.get(`/api/v1/clients/${alicesClient.id}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/v1/clients/appointments/${alicesClient.id}`)).statusCode).toBe(404);
  });

  it('cannot change or delete another owner’s client, and nothing changes', async () => {
    expect((await bob.put(`/api/v1/clients/${alicesClient.id}`, { first_name: 'Hacked' })).statusCode).toBe(404);
    expect((await bob.delete(`/api/v1/clients/${alicesClient.id}`)).statusCode).toBe(404);
    const still = (await alice.get(`/api/v1/clients/${alicesClient.id}`)).json().data;
    expect(still).toMatchObject({ first_name: 'Private', last_name: 'Person' });
  });

  it('exports only the caller’s own clients', async () => {
    const csv = (await bob.post('/api/v1/clients/export', { format: 'csv' })).body;
    expect(csv).not.toContain('private@example.com');
  });

  it('gives roles without client rules a 403, not someone else’s data', async () => {
    const admin = await createUser(t.app, { is_admin: 1 });
    const agent = new Agent(t.app);
    await agent.login(admin.email, admin.password);
    const res = await agent.get('/api/v1/clients');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This action is unauthorized.');
    expect((await agent.post('/api/v1/clients', { first_name: 'X' })).statusCode).toBe(403);
  });

  it('refuses guests with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/clients' })).statusCode).toBe(401);
  });
});
