import { addDays, todayIn } from '../../../src/domain/dates';
import { nowIso } from '../../../src/server/db/database';
import { loggedIn, testApp, type TestApp } from '../../helpers/app';
import { campaign, campaignStudio, workCampaigns } from '../../helpers/campaign-studio';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test', twilioFrom: '+447700900000' });
});
afterAll(async () => t.close());

/** A payment (or, negative, a refund) in the ledger, on a local day, recorded now or on its day if that is past. */
async function pay(userId: number, clientId: number, amount: number, date: string, refundOf: number | null = null) {
  const recorded = date < todayIn('Europe/London') ? `${date}T12:00:00.000Z` : nowIso();
  const row = await t.app.db
    .insertInto('payments')
    .values({
      user_id: userId,
      client_id: clientId,
      type: 'standalone',
      method: 'cash',
      amount,
      currency: 'GBP',
      date,
      refund_of: refundOf,
      created_at: recorded,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An owner's email campaign to the clients who visited in the last 90 days (Ann and Ben), sent. */
async function sentCampaign() {
  const world = await campaignStudio(t);
  // Paid earlier the same day, before the campaign went out: it did not follow it.
  await pay(world.user.id, world.ids.Ben, 800, todayIn('Europe/London'));
  const { data } = (await world.agent.post('/api/v1/marketing', campaign({ last_visit_after: world.since }))).json();
  await world.agent.post(`/api/v1/marketing/run/${data.id}`);
  await workCampaigns(t);
  return { ...world, id: data.id as number, today: todayIn('Europe/London') };
}

describe('GET /marketing/sales: the money that followed a campaign', () => {
  it("sums what the campaign's receivers paid from its day on, net of refunds, and nothing else", async () => {
    const { agent, user, ids, id, today } = await sentCampaign();
    await pay(user.id, ids.Ann, 3000, today);
    await pay(user.id, ids.Ann, 1000, addDays(today, -40)); // before the campaign
    const ben = await pay(user.id, ids.Ben, 2000, addDays(today, 3));
    await pay(user.id, ids.Ben, -500, addDays(today, 4), ben); // part refunded
    await pay(user.id, ids.Eve, 9999, today); // not a receiver (last came a year ago)
    await pay(user.id, ids.Cat, 700, today); // no email: the email campaign did not reach her
    await pay(user.id, ids.Ann, 4000, addDays(today, 30)); // the 31st day: outside the default window
    const res = await agent.get(`/api/v1/marketing/sales?campaign_id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        campaign_id: id,
        receivers: 2,
        buyers: 2,
        payments: 3,
        amount: 4500,
        currency: 'GBP',
        from: today,
        to: addDays(today, 29),
      }),
    ]);
    const longer = (await agent.get(`/api/v1/marketing/sales?campaign_id=${id}&days=31`)).json().data[0];
    expect(longer).toMatchObject({ payments: 4, amount: 8500 });
    expect(
      (await agent.get('/api/v1/marketing/sales')).json().data.map((s: { campaign_id: number }) => s.campaign_id),
    ).toEqual([id]);
  });

  it('shows an owner only their own campaigns, and refuses what a Business plan does not hold', async () => {
    const { id } = await sentCampaign();
    const other = await campaignStudio(t);
    expect((await other.agent.get(`/api/v1/marketing/sales?campaign_id=${id}`)).json().data).toEqual([]);
    const business = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const refused = await business.agent.get('/api/v1/marketing/sales');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Premium/);
    const bad = await other.agent.get('/api/v1/marketing/sales?days=1000');
    expect(bad.statusCode).toBe(422);
  });
});

describe('a campaign and its messages', () => {
  it("lists the campaign's own messages with their status (GET /user/messages?campaign_id=)", async () => {
    const { agent, id } = await sentCampaign();
    const res = await agent.get(`/api/v1/user/messages?campaign_id=${id}`);
    expect(
      res
        .json()
        .data.map((m: { recipient: string }) => m.recipient)
        .sort(),
    ).toEqual(['ann@example.com', 'ben@example.com']);
    expect(res.json().data.every((m: { campaign_id: number; status: string }) => m.campaign_id === id)).toBe(true);
  });

  it('gives the opt-out line every marketing SMS of the owner ends with, in their language', async () => {
    const { agent, user } = await campaignStudio(t);
    const res = await agent.get('/api/v1/marketing/sms-footer');
    expect(res.json().data.text).toBe(`To stop, text OPTOUT S${user.id.toString(36).toUpperCase()} to +447700900000`);
    await t.app.db.updateTable('users').set({ locale: 'uk' }).where('id', '=', user.id).execute();
    expect((await agent.get('/api/v1/marketing/sms-footer')).json().data.text).toMatch(/^[^A-Za-z]*[А-ЯІЇЄҐа-яіїєґ]/);
  });
});
