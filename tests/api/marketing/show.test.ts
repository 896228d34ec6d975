import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, loggedIn, testApp, type TestApp } from '../../helpers/app';
import { campaign, campaignStudio } from '../../helpers/campaign-studio';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

/** Both addresses of one campaign, as status and body. */
const both = async (agent: Agent, id: number | string) => {
  const [show, generic] = await Promise.all([
    agent.get(`/api/v1/marketing/show/${id}`),
    agent.get(`/api/v1/marketing/${id}`),
  ]);
  return {
    show: { status: show.statusCode, body: show.json() },
    generic: { status: generic.statusCode, body: generic.json() },
  };
};

describe('GET /api/v1/marketing/show/:id', () => {
  it('answers one campaign exactly as the generic read does', async () => {
    const { agent, since } = await campaignStudio(t);
    const created = await agent.post('/api/v1/marketing', campaign({ last_visit_after: since }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    const { show, generic } = await both(agent, id);
    expect(show.status).toBe(200);
    expect(show).toEqual(generic);
    expect(show.body.data).toMatchObject({ id, name: 'Spring offer', send_type: 'email', status: 'draft' });
    expect(show.body.data.user_id).toBeUndefined();
  });

  it('answers 404 for another owner’s campaign and for one that does not exist, as the generic read does', async () => {
    const { agent, since } = await campaignStudio(t);
    const { id } = (await agent.post('/api/v1/marketing', campaign({ last_visit_after: since }))).json().data;
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    const theirs = await both(other, id);
    expect(theirs.show.status).toBe(404);
    expect(theirs.show).toEqual(theirs.generic);
    const missing = await both(agent, 2_000_000_000);
    expect(missing.show.status).toBe(404);
    expect(missing.show).toEqual(missing.generic);
  });

  it('refuses a plan without marketing with the generic read’s 403 and its reason', async () => {
    const { agent, user, since } = await campaignStudio(t);
    const { id } = (await agent.post('/api/v1/marketing', campaign({ last_visit_after: since }))).json().data;
    await t.app.db.updateTable('users').set({ plan_name: 'Business Monthly' }).where('id', '=', user.id).execute();
    const { show, generic } = await both(agent, id);
    expect(show.status).toBe(403);
    expect(show.body.message).toMatch(/Premium/);
    expect(show).toEqual(generic);
  });

  it('answers bad ids and guests as the generic read does', async () => {
    const { agent } = await campaignStudio(t);
    for (const id of ['abc', '0', '-1', '99999999999999']) {
      const { show, generic } = await both(agent, id);
      expect(show.status).toBe(generic.status);
      expect(show.status).toBeGreaterThanOrEqual(400);
      expect(show.status).toBeLessThan(500);
    }
    const guest = new Agent(t.app);
    const { show, generic } = await both(guest, 1);
    expect(show.status).toBe(401);
    expect(show).toEqual(generic);
  });

  it('is where the manifest tells the browser to read a campaign', async () => {
    const manifest = (await new Agent(t.app).get('/api/v1/ui/manifest')).json().data;
    expect(manifest.resources.marketing).toMatchObject({
      path: '/api/v1/marketing',
      showPath: '/api/v1/marketing/show/:id',
    });
    expect(manifest.resources.clients.showPath).toBeUndefined();
  });

  it('is checked: a resource naming a read address the server does not answer stops it from starting', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    fs.cpSync(path.resolve(__dirname, '../../../schemas'), dir, { recursive: true });
    const file = path.join(dir, 'resources', 'clients.json');
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    json['x-resource'].showPath = '/clients/show/:id';
    fs.writeFileSync(file, JSON.stringify(json));
    await expect(testApp({ schemasDir: dir })).rejects.toThrow(
      /resources\/clients\.json#\/x-resource\/showPath: GET \/api\/v1\/clients\/show\/:id is not a route/,
    );
  });
});
