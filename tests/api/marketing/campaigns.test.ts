import { createUser, loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { campaign, campaignDeps, campaignStudio, workCampaigns } from '../../helpers/campaign-studio';
import { campaignJobs } from '../../../src/server/features/marketing/send';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

const deps = () => campaignDeps(t);
const studio = (options?: Parameters<typeof campaignStudio>[1]) => campaignStudio(t, options);
const work = (skip?: (name: string, data: unknown) => boolean) => workCampaigns(t, skip);

const sentOf = (campaignId: number) =>
  t.app.db.selectFrom('outbox').selectAll().where('campaign_id', '=', campaignId).orderBy('recipient').execute();

const create = async (agent: Agent, body: unknown) => agent.post('/api/v1/marketing', body);

describe('marketing campaigns', () => {
  it('is Premium (or opened by an admin): a Business owner gets a 403 naming the plan', async () => {
    const { agent, user, since } = await studio({ plan: 'Business Monthly' });
    const refused = await create(agent, campaign({ last_visit_after: since }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Premium/);
    const admin = await loggedIn(t.app, { is_admin: 1 });
    const opened = await admin.agent.put(`/api/v1/admin/user/marketing/${user.id}`, { marketing_available: true });
    expect(opened.statusCode).toBe(200);
    expect((await create(agent, campaign({ last_visit_after: since }))).statusCode).toBe(201);
  });

  it('refuses a campaign without a filter and a mistyped tag, in the spec’s words, and saves nothing', async () => {
    const { agent } = await studio();
    const none = await create(agent, campaign());
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.last_visit_after[0]).toBe(
      'Your message will not be sent. Please choose at least one filter below',
    );
    const tag = await create(agent, campaign({ last_visit_after: '2026-01-01', text: 'Hi {first_name}' }));
    expect(tag.json().errors.text[0]).toBe('Unknown tag {first_name}: copy tags exactly as they are listed.');
    expect((await agent.get('/api/v1/marketing')).json().data).toEqual([]);
  });

  it('counts the receivers and the credits before sending: an email reaches only clients with an email', async () => {
    const { agent, since } = await studio();
    const email = (await agent.post('/api/v1/marketing/count', { send_type: 'email', last_visit_after: since })).json()
      .data;
    expect(email).toMatchObject({ count: 2, credits: 2, balance: 50 });
    const sms = await agent.post('/api/v1/marketing/count', {
      send_type: 'sms',
      text: 'Hi {client_first_name}, 10% off colour this month.',
      last_visit_after: since,
    });
    // Ann, Ben and Cat (Dan opted out); each SMS carries the way to opt out and stays one part.
    expect(sms.json().data).toMatchObject({ count: 3, credits: 3 });
    expect(sms.json().data.preview.text).toContain('To stop, text OPTOUT S');
    const nobody = await agent.post('/api/v1/marketing/count', { send_type: 'email', birthday_month: '02' });
    expect(nobody.json().data.count).toBe(0);
  });

  it('sends each receiver one message, in batches on the queue, with a way out, and counts the credits', async () => {
    const { agent, user, since } = await studio();
    const { data } = (await create(agent, campaign({ last_visit_after: since }))).json();
    expect(data.status).toBe('draft');
    const run = await agent.post(`/api/v1/marketing/run/${data.id}`);
    expect(run.statusCode).toBe(200);
    expect(run.json().data.status).toBe('sending');
    await agent.post(`/api/v1/marketing/run/${data.id}`); // a second press sends nothing more
    await work();
    const sent = await sentOf(data.id);
    expect(sent.map((m) => [m.recipient, m.subject, m.type])).toEqual([
      ['ann@example.com', `Spring at Test User`, 'marketing'],
      ['ben@example.com', `Spring at Test User`, 'marketing'],
    ]);
    expect(sent[0].body).toMatch(
      /^Hi Ann, 10% off colour this month\.\n\n—\n.*Unsubscribe: http:\/\/app\.test\/api\/v1\/marketing\/unsubscribe\/\S+$/s,
    );
    expect(sent.every((m) => m.unsubscribe_hash)).toBe(true);
    const after = (await agent.get(`/api/v1/marketing/${data.id}`)).json().data;
    expect(after).toMatchObject({ status: 'sent', total_clients: 2, sent_count: 2, credits_spent: 2 });
    const { email_credits } = await t.app.db
      .selectFrom('users')
      .select('email_credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(email_credits).toBe(48);
  });

  it('sends nobody a second message when a batch runs again after its worker died mid-way', async () => {
    const { agent, since } = await studio();
    const { data } = (
      await create(agent, campaign({ send_type: 'sms', subject: null, last_visit_after: since }))
    ).json();
    await agent.post(`/api/v1/marketing/run/${data.id}`);
    await work((name) => name === 'campaign.batch'); // the start only: the batch waits
    const [batch] = await t.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'campaign.batch')
      .where('status', '=', 'waiting')
      .execute();
    const jobs = campaignJobs(t.app, deps());
    // The worker sent the batch, then died before the queue recorded it: the job is still there to run again.
    await jobs['campaign.batch'](JSON.parse(batch.data), { id: String(batch.id), name: 'campaign.batch', attempt: 1 });
    await work();
    const sent = await sentOf(data.id);
    expect(sent.map((m) => m.recipient)).toEqual(['+447700900201', '+447700900202', '+447700900203']);
    expect(sent[0].body).toBe(
      'Hi Ann, 10% off colour this month.\nTo stop, text OPTOUT ' + sent[0].body.split('OPTOUT ')[1],
    );
  });

  it('refuses to send without enough credits (§8), and sends nothing', async () => {
    const { agent, since } = await studio({ sms: 2 });
    const { data } = (
      await create(agent, campaign({ send_type: 'sms', subject: null, last_visit_after: since }))
    ).json();
    const res = await agent.post(`/api/v1/marketing/run/${data.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You need to buy more SMS credits to send this message');
    expect((await agent.get(`/api/v1/marketing/${data.id}`)).json().data.status).toBe('draft');
    expect(await sentOf(data.id)).toEqual([]);
  });

  it('schedules for a time to come, starts it when due, and cancels and duplicates', async () => {
    const { agent, since } = await studio();
    const past = await create(agent, campaign({ last_visit_after: since, scheduled_at: '2020-01-01T10:00:00Z' }));
    expect(past.json().errors.scheduled_at[0]).toBe('Choose a time in the future.');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const { data } = (await create(agent, campaign({ last_visit_after: since, scheduled_at: later }))).json();
    expect(data.status).toBe('scheduled');
    const jobs = campaignJobs(t.app, deps());
    await jobs['campaigns.due'](null, { id: '0', name: 'campaigns.due', attempt: 1 });
    expect((await agent.get(`/api/v1/marketing/${data.id}`)).json().data.status).toBe('scheduled');
    await t.app.db
      .updateTable('marketing_campaigns')
      .set({ scheduled_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', data.id)
      .execute();
    await jobs['campaigns.due'](null, { id: '0', name: 'campaigns.due', attempt: 1 });
    await work();
    expect((await agent.get(`/api/v1/marketing/${data.id}`)).json().data.status).toBe('sent');
    expect((await agent.put(`/api/v1/marketing/cancel/${data.id}`)).statusCode).toBe(422);
    const copy = (await agent.post(`/api/v1/marketing/duplicate/${data.id}`)).json().data;
    expect(copy).toMatchObject({ name: 'Spring offer (copy)', status: 'draft', scheduled_at: null });
    // Scheduled, then sent now: the planned time no longer says when it went.
    await agent.put(`/api/v1/marketing/${copy.id}`, { ...campaign({ last_visit_after: since }), scheduled_at: later });
    const now = (await agent.post(`/api/v1/marketing/run/${copy.id}`)).json().data;
    expect(now).toMatchObject({ status: 'sending', scheduled_at: null });
    const cancelled = await agent.put(`/api/v1/marketing/cancel/${copy.id}`);
    expect(cancelled.json().data.status).toBe('cancelled');
    const past2 = (await agent.get('/api/v1/marketing?scope=past')).json().data.map((c: { id: number }) => c.id);
    expect(past2.sort()).toEqual([data.id, copy.id].sort());
  });

  it('opts a client out from an email’s unsubscribe link (one click), and the owner can toggle it back', async () => {
    const { agent, ids, since } = await studio();
    const { data } = (await create(agent, campaign({ last_visit_after: since }))).json();
    await agent.post(`/api/v1/marketing/run/${data.id}`);
    await work();
    const [ann] = await sentOf(data.id);
    const link = /\/api\/v1\/marketing\/unsubscribe\/(\S+)$/.exec(ann.body)![1];
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/marketing/unsubscribe/${link}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe from Test User');
    const flags = () =>
      t.app.db
        .selectFrom('clients')
        .select(['opt_out', 'marketing_messages'])
        .where('id', '=', ids.Ann)
        .executeTakeFirstOrThrow();
    expect(await flags()).toEqual({ opt_out: 0, marketing_messages: 1 });
    const click = await t.app.inject({
      method: 'POST',
      url: `/api/v1/marketing/unsubscribe/${link}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(await flags()).toEqual({ opt_out: 1, marketing_messages: 0 });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/marketing/unsubscribe/not-a-token' })).statusCode).toBe(
      404,
    );
    const back = await agent.put(`/api/v1/marketing/opt-out/${ids.Ann}`);
    expect(back.json()).toMatchObject({
      data: { opt_out: false },
      message: 'The client gets marketing messages again.',
    });
    const stranger = await studio();
    expect((await stranger.agent.put(`/api/v1/marketing/opt-out/${ids.Ann}`)).statusCode).toBe(404);
  });

  it('asks the admins for access once a day', async () => {
    const admin = await createUser(t.app, { is_admin: 1 });
    const { agent, user } = await studio({ plan: 'Business Monthly' });
    const res = await agent.get('/api/v1/marketing/request-access');
    expect(res.json().message).toMatch(/^Your request has been sent/);
    await agent.get('/api/v1/marketing/request-access');
    const mails = await t.app.db.selectFrom('outbox').selectAll().where('recipient', '=', admin.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain(`/admin/users/${user.id}`);
    // The owner's page of the admin area says when they asked.
    const { agent: adminAgent } = await loggedIn(t.app, { is_admin: 1 });
    const account = (await adminAgent.get(`/api/v1/admin/user/account/${user.id}`)).json().data;
    expect(Date.now() - Date.parse(account.marketing_requested_at)).toBeLessThan(60_000);
  });
});
