import fs from 'node:fs';
import path from 'node:path';
import { loggedIn, testApp, type TestApp } from '../../helpers/app';
import { campaign, campaignStudio, workCampaigns } from '../../helpers/campaign-studio';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

/**
 * GET /marketing/review/{id}: a campaign as its declared page reads it — before it goes, the clients its filters
 * choose now, its cost beside the balance and a client's message; after it went, what followed; never another's.
 */
describe('a campaign’s review', () => {
  it('counts the receivers a draft chooses now, its credits beside the balance, and shows a client’s message', async () => {
    const { agent, since } = await campaignStudio(t, { email: 1 });
    const { data } = (await agent.post('/api/v1/marketing', campaign({ last_visit_after: since }))).json();
    const res = await agent.get(`/api/v1/marketing/review/${data.id}`);
    expect(res.statusCode).toBe(200);
    const review = res.json().data;
    // Ann and Ben: recent, with an email, not opted out.
    expect(review).toMatchObject({
      id: data.id,
      name: 'Spring offer',
      status: 'draft',
      receivers: 2,
      credits_needed: 2,
      credits_balance: 1,
      short_of_credits: true,
      progress: null,
      sales_amount: null,
    });
    expect(review.preview_subject).toMatch(/^Spring at /);
    expect(review.preview_text).toMatch(/^Hi \w+, 10% off colour this month\./);
  });

  it('says what followed a sent campaign, and has nothing to count for it', async () => {
    const { agent, since } = await campaignStudio(t);
    const { data } = (await agent.post('/api/v1/marketing', campaign({ last_visit_after: since }))).json();
    expect((await agent.post(`/api/v1/marketing/run/${data.id}`)).statusCode).toBe(200);
    await workCampaigns(t);
    const review = (await agent.get(`/api/v1/marketing/review/${data.id}`)).json().data;
    expect(review).toMatchObject({
      status: 'sent',
      sent_count: 2,
      receivers: null,
      sales_receivers: 2,
      sales_buyers: 0,
    });
    expect(review.sales_amount).toBe(0);
    expect(review.sales_open).toBe(true);
  });

  it('answers every field its declared page names (sections, notes, related lists, refresh)', async () => {
    const { agent, since } = await campaignStudio(t);
    const { data } = (await agent.post('/api/v1/marketing', campaign({ last_visit_after: since }))).json();
    const record = (await agent.get(`/api/v1/marketing/review/${data.id}`)).json().data;
    type When = Record<string, unknown> | undefined;
    type Note = { count?: string; showWhen?: When; values?: Array<{ field: string }> };
    type Section = { showWhen?: When; fields?: Array<{ field: string }>; notes?: Note[] };
    const screen = JSON.parse(
      fs.readFileSync(path.join(__dirname, '../../../schemas/screens/marketing/detail.json'), 'utf8'),
    ) as { sections: Section[]; related: Array<{ showWhen?: When }>; refresh: { while: When } };
    const named = new Set<string>(Object.keys(screen.refresh.while ?? {}));
    for (const s of screen.sections) {
      for (const f of Object.keys(s.showWhen ?? {})) named.add(f);
      for (const c of s.fields ?? []) named.add(c.field);
      for (const n of s.notes ?? []) {
        if (n.count) named.add(n.count);
        for (const f of Object.keys(n.showWhen ?? {})) named.add(f);
        for (const c of n.values ?? []) named.add(c.field);
      }
    }
    for (const r of screen.related) for (const f of Object.keys(r.showWhen ?? {})) named.add(f);
    expect([...named].filter((f) => !(f in record))).toEqual([]);
    expect(named.size).toBeGreaterThan(15);
  });

  it('is 404 for another owner’s campaign and for none; 403 on a plan without marketing', async () => {
    const { agent, since } = await campaignStudio(t);
    const { data } = (await agent.post('/api/v1/marketing', campaign({ last_visit_after: since }))).json();
    const other = await campaignStudio(t);
    expect((await other.agent.get(`/api/v1/marketing/review/${data.id}`)).statusCode).toBe(404);
    expect((await agent.get('/api/v1/marketing/review/999999')).statusCode).toBe(404);
    const business = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect((await business.agent.get(`/api/v1/marketing/review/${data.id}`)).statusCode).toBe(403);
  });
});
