import { nowIso } from '../../../src/server/db/database';
import { Agent, createUser, loggedIn, testApp, type TestApp } from '../../helpers/app';
import { ago } from '../../helpers/referral-studio';

/**
 * `GET /api/v1/admin/dashboard`, its newer figures: what affiliates are owed now per currency (each affiliate's owed
 * commission as the programme computes it, summed by hand here), sign-ups by day over a period across a month's
 * end, and where the dashboard's cards link — each to a list the app has, on a tab whose rows are the figure's.
 */
let t: TestApp;
let admin: Agent;
const ids: Record<string, number> = {};

let paymentNo = 0;
const pay = (userId: number, amount: number, paidAt: string, currency = 'gbp', status = 'paid') =>
  t.app.db
    .insertInto('subscription_payments')
    .values({
      user_id: userId,
      provider: currency === 'uah' ? 'liqpay' : 'stripe',
      order_id: `sub_${userId}`,
      payment_id: `in_${++paymentNo}_${userId}`,
      status,
      kind: 'plan',
      amount,
      currency,
      description: null,
      paid_at: paidAt,
      created_at: nowIso(),
    })
    .execute();

async function user(name: string, set: Record<string, unknown>) {
  const { id } = await createUser(t.app);
  await t.app.db.updateTable('users').set(set).where('id', '=', id).execute();
  ids[name] = id;
  return id;
}

const settings = (userId: number, fixed: number, percent: number) =>
  t.app.db
    .insertInto('affiliate_settings')
    .values({
      user_id: userId,
      fixed_amount: fixed,
      percent_amount: percent,
      fixed_discount_amount: 0,
      percent_discount_amount: 0,
      updated_at: nowIso(),
    })
    .execute();

beforeAll(async () => {
  t = await testApp();
  const a = await createUser(t.app, { is_admin: 1 });
  admin = new Agent(t.app);
  await admin.login(a.email, a.password);
  // Affiliates: P earns 20 % of each payment, Q 5.00 a payment, X (deleted) 20 %.
  const p = await user('P', { is_affiliate: 1, created_at: '2025-03-31T12:00:00.000Z' });
  const q = await user('Q', { is_affiliate: 1 });
  const x = await user('X', { is_affiliate: 1, deleted_at: nowIso() });
  await settings(p, 0, 20);
  await settings(q, 500, 0);
  await settings(x, 0, 20);
  // Owners they brought, by stage.
  const r1 = await user('R1', { referred_by: p, stage: 'subscriber', plan_name: 'Business Monthly' });
  const r2 = await user('R2', { referred_by: p, stage: 'gracePeriod', region: 'UA', plan_name: 'Lite Monthly' });
  const r3 = await user('R3', { referred_by: q, stage: 'unsubscriber', plan_name: 'Premium Monthly' });
  const r4 = await user('R4', { referred_by: x, stage: 'subscriber', plan_name: 'Premium Monthly' });
  // R1 (pounds): 50.00 90 days ago, due (60 days); 25.00 10 days ago, not due; a refund of 10.00 80 days ago.
  await pay(r1, 5000, ago(90));
  await pay(r1, -1000, ago(80), 'gbp', 'refunded');
  await pay(r1, 2500, ago(10));
  // R2 (hryvnias): 299.00 70 days ago, due (from the 1st of the month after it).
  await pay(r2, 29900, ago(70), 'uah');
  // R3: two payments, 61 days ago (due) and 5 days ago (not); a failed one earns nothing.
  await pay(r3, 3000, ago(61));
  await pay(r3, 3000, ago(5));
  await pay(r3, 3000, ago(65), 'gbp', 'failed');
  // R4's affiliate is deleted: owed, but to nobody an admin can pay.
  await pay(r4, 9900, ago(100));
  // P was paid 3.00 in pounds; that settles nothing of what P earns in hryvnias.
  await t.app.db
    .insertInto('affiliate_payouts')
    .values({ affiliate_id: p, amount: 300, currency: 'gbp', paid_by: a.id, created_at: ago(30) })
    .execute();
  // Sign-ups around the end of March 2025 (an admin's and an affiliate's are not counted).
  await user('S0', { created_at: '2025-03-29T23:59:59.999Z', stage: 'lapsed', plan_name: null });
  await user('S1', { created_at: '2025-03-30T00:00:00.000Z', stage: 'trial', plan_name: null });
  await user('S2', { created_at: '2025-03-31T08:00:00.000Z', stage: 'trial', plan_name: null });
  await user('S3', { created_at: '2025-03-31T23:59:59.999Z', stage: 'lapsed', plan_name: null });
  await user('S4', { created_at: '2025-04-02T23:59:59.999Z', stage: 'subscriber', deleted_at: nowIso() });
  await user('S5', { created_at: '2025-04-03T00:00:00.000Z', stage: 'trial', plan_name: null });
  await user('S6', { created_at: '2025-03-31T10:00:00.000Z', is_admin: 1 });
});
afterAll(async () => t.close());

const dashboard = async (q = '') => {
  const res = await admin.get(`/api/v1/admin/dashboard?from=2025-03-30&to=2025-04-02${q}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/v1/admin/dashboard: amounts owed, sign-ups by day, links', () => {
  it('owes the affiliates, per currency, what their earnings say is due less what was paid in it', async () => {
    const body = await dashboard();
    // GBP by hand: P 20 % of 50.00 (10.00) less 20 % of the 10.00 refund (2.00), less the 3.00 paid = 5.00;
    // Q 5.00 for the payment 61 days ago. UAH: P 20 % of 299.00 = 59.80. X is deleted: not counted.
    expect(body.data.affiliates_owed).toEqual([
      { currency: 'GBP', amount: 1000, affiliates: 2 },
      { currency: 'UAH', amount: 5980, affiliates: 1 },
    ]);
    expect([body.currency, body.owed]).toEqual(['GBP', { amount: 1000, affiliates: 2 }]);
    const uah = await dashboard('&currency=UAH');
    expect([uah.currency, uah.owed]).toEqual(['UAH', { amount: 5980, affiliates: 1 }]);
    // Each affiliate's share is the owed of their page in the admin area (the deployment's currency: pounds).
    const owedTo = async (id: number) => (await admin.get(`/api/v1/admin/affiliate/${id}`)).json().data.owed;
    expect([await owedTo(ids.P), await owedTo(ids.Q)]).toEqual([500, 500]);
  });

  it('counts sign-ups on each day of the period, across a month’s end, adding up to the sign-ups', async () => {
    const body = await dashboard();
    expect(body.data.signups_by_day).toEqual([
      { date: '2025-03-30', signups: 1 }, // S1 at the first instant
      { date: '2025-03-31', signups: 2 }, // S2, S3 (the affiliate P and the admin S6 are not owners)
      { date: '2025-04-01', signups: 0 },
      { date: '2025-04-02', signups: 1 }, // S4, deleted since, at the last instant
    ]);
    expect(body.data.signups.total).toBe(4);
    const one = await admin.get('/api/v1/admin/dashboard?from=2025-04-03&to=2025-04-03');
    expect(one.json().data.signups_by_day).toEqual([{ date: '2025-04-03', signups: 1 }]); // S5
  });

  it('links each card to a list the app has, whose tab lists the rows the figure counts', async () => {
    const screen = (id: string) => admin.get(`/api/v1/ui/screens/${id}`).then((r) => r.json().data);
    const [dash, users] = await Promise.all([screen('admin.dashboard'), screen('admin.users')]);
    const cards = dash.cards as Array<{ id: string; screen?: string; query?: { tab?: string } }>;
    const tabs = users.tabs as Array<{ params: Record<string, string> }>;
    const listed = async (id: string) => {
      const card = cards.find((c) => c.id === id)!;
      expect({ id, screen: card.screen }).toEqual({ id, screen: 'admin.users' });
      const params = tabs[Number(card.query?.tab ?? 0)].params;
      const res = await admin.get(`/api/v1/admin/user?per_page=100&${new URLSearchParams(params)}`);
      expect(res.statusCode).toBe(200);
      return (res.json().data as Array<{ id: number }>).map((u) => u.id).sort((m, n) => m - n);
    };
    const of = (...names: string[]) => names.map((n) => ids[n]).sort((m, n) => m - n);
    // The stocks now (a period that reaches today), as the lists list the accounts now.
    const today = new Date().toISOString().slice(0, 10);
    const data = (await admin.get(`/api/v1/admin/dashboard?from=${today}&to=${today}`)).json().data;
    // Every card that links goes to a screen the app serves, and a tab it has.
    for (const card of cards.filter((c) => c.screen)) {
      expect((await admin.get(`/api/v1/ui/screens/${card.screen}`)).statusCode).toBe(200);
      expect(Number(card.query?.tab ?? 0)).toBeLessThan(tabs.length);
    }
    // Subscribers: paying or in the grace period (R1, R2, R4); the grace period alone (R2).
    expect(await listed('subscribers')).toEqual(of('R1', 'R2', 'R4'));
    expect(data.subscribers.total).toBe(3);
    expect(await listed('plans')).toEqual(of('R1', 'R2', 'R4'));
    expect(await listed('grace-period')).toEqual(of('R2'));
    expect(data.grace_period).toBe(1);
    // Unsubscribed (R3) with those lapsed after a trial (S0, S3).
    expect(await listed('unsubscribed')).toEqual(of('R3', 'S0', 'S3'));
    expect([data.unsubscribed, data.lapsed]).toEqual([1, 2]);
    // On a trial now (S1, S2, S5).
    expect(await listed('trials')).toEqual(of('S1', 'S2', 'S5'));
    expect(data.trials.now).toBe(3);
    // Amounts owed and affiliates' sign-ups: the affiliates (not the deleted one).
    for (const id of ['owed-gbp', 'owed-uah', 'affiliate-signups']) expect(await listed(id)).toEqual(of('P', 'Q'));
    // Sign-ups and their trend: the owners' list (not deleted).
    const owners = of('R1', 'R2', 'R3', 'R4', 'S0', 'S1', 'S2', 'S3', 'S5');
    for (const id of ['signups', 'signups-trend']) expect(await listed(id)).toEqual(owners);
  });

  it.each(['owner', 'affiliate'])('refuses an %s with 403', async (who) => {
    const { agent, user: caller } = await loggedIn(t.app);
    if (who === 'affiliate')
      await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', caller.id).execute();
    const res = await agent.get('/api/v1/admin/dashboard?from=2025-03-30&to=2025-04-02');
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('affiliates_owed');
  });
});
