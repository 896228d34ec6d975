import { testApp, type TestApp } from '../../helpers/app';
import { campaign, campaignStudio, workCampaigns } from '../../helpers/campaign-studio';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

/** An owner's sent SMS campaign to Ann, Ben and Cat (Test). */
async function sentCampaign() {
  const { agent, ids, since } = await campaignStudio(t);
  const { data } = (
    await agent.post('/api/v1/marketing', campaign({ send_type: 'sms', subject: null, last_visit_after: since }))
  ).json();
  await agent.post(`/api/v1/marketing/run/${data.id}`);
  await workCampaigns(t);
  return { agent, ids, id: data.id as number };
}

describe('GET /api/v1/marketing/messages/:id', () => {
  it('names the client each of a campaign’s latest messages went to, newest first', async () => {
    const { agent, id } = await sentCampaign();
    const res = await agent.get(`/api/v1/marketing/messages/${id}?per_page=2`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(2);
    const all = (await agent.get(`/api/v1/marketing/messages/${id}`)).json().data;
    expect(all.map((m: { client_name: string; recipient: string }) => [m.client_name, m.recipient]).sort()).toEqual([
      ['Ann Test', '+447700900201'],
      ['Ben Test', '+447700900202'],
      ['Cat Test', '+447700900203'],
    ]);
    expect(all[0]).toMatchObject({ channel: 'sms', status: expect.any(String), created_at: expect.any(String) });
    expect(rows.map((m: { id: number }) => m.id)).toEqual(all.slice(0, 2).map((m: { id: number }) => m.id));
  });

  it('shows another owner’s campaign to nobody: 404, and no name of their clients', async () => {
    const { id } = await sentCampaign();
    const { agent: other } = await campaignStudio(t);
    const res = await other.get(`/api/v1/marketing/messages/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Ann');
  });

  it('names only the owner’s own clients: a message pointing at another owner’s client is left unnamed', async () => {
    const { agent, ids, id } = await sentCampaign();
    const { ids: theirs } = await campaignStudio(t);
    await t.app.db.updateTable('outbox').set({ client_id: theirs.Eve }).where('client_id', '=', ids.Ann).execute();
    const all = (await agent.get(`/api/v1/marketing/messages/${id}`)).json().data;
    const ann = all.find((m: { recipient: string }) => m.recipient === '+447700900201');
    expect(ann.client_name).toBeNull();
    expect(JSON.stringify(all)).not.toContain('Eve');
  });
});
