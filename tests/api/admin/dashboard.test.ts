import { recordStocks } from '../../../src/server/features/admin';
import { hourlyJobs } from '../../../src/server/jobs/schedule';
import { Agent, createUser, testApp, type TestApp } from '../../helpers/app';

/**
 * `GET /api/v1/admin/dashboard` (spec §7): every figure equals a hand count over the rows seeded here — October 2026
 * against the 31 days before it (31 August to 30 September) — with the periods' first and last instants on both
 * sides of the boundaries. Stocks are as the hourly record had them at each period's end: October's recorded from
 * the accounts seeded here, September's written by hand as an earlier record would have been.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await testApp();
  const a = await createUser(t.app, { is_admin: 1 });
  admin = new Agent(t.app);
  await admin.login(a.email, a.password);
  const affiliate = await createUser(t.app);
  await t.app.db
    .updateTable('users')
    .set({ is_affiliate: 1, created_at: '2026-10-03T10:00:00.000Z' })
    .where('id', '=', affiliate.id)
    .execute();
  const trial = '2026-12-01T00:00:00.000Z';
  const owners: Array<Record<string, unknown>> = [
    // A: signed up in October on a trial.
    { created_at: '2026-10-05T09:00:00.000Z', stage: 'trial', trial_ends_at: trial, plan_name: null },
    // B: brought by the affiliate in October, now paying Business Monthly in pounds.
    {
      created_at: '2026-10-20T09:00:00.000Z',
      referred_by: affiliate.id,
      stage: 'subscriber',
      trial_ends_at: trial,
      plan_name: 'Business Monthly',
    },
    // C: signed up in September on a trial, now paying Premium Annual in pounds.
    { created_at: '2026-09-15T09:00:00.000Z', stage: 'subscriber', trial_ends_at: trial, plan_name: 'Premium Annual' },
    // D: brought by the affiliate in September, no trial, in the grace period of Lite Monthly in hryvnias.
    {
      created_at: '2026-09-01T00:00:00.000Z',
      referred_by: affiliate.id,
      stage: 'gracePeriod',
      region: 'UA',
      plan_name: 'Lite Monthly',
    },
    // E: paid Business Monthly until 10 October.
    {
      created_at: '2026-01-01T00:00:00.000Z',
      stage: 'unsubscriber',
      plan_name: 'Business Monthly',
      subscription_ended_at: '2026-10-10T12:00:00.000Z',
    },
    // F: paid Premium Monthly until 10 September.
    {
      created_at: '2026-01-01T00:00:00.000Z',
      stage: 'unsubscriber',
      plan_name: 'Premium Monthly',
      subscription_ended_at: '2026-09-10T12:00:00.000Z',
    },
    // G: signed up in October's last second, trial already over.
    { created_at: '2026-10-31T23:59:59.999Z', stage: 'lapsed', trial_ends_at: trial, plan_name: null },
    // H: signed up in November's first instant, on a trial.
    { created_at: '2026-11-01T00:00:00.000Z', stage: 'trial', trial_ends_at: trial, plan_name: null },
    // I: signed up in October without a trial, paying, then deleted.
    {
      created_at: '2026-10-02T00:00:00.000Z',
      stage: 'subscriber',
      plan_name: 'Premium Monthly',
      deleted_at: '2026-10-09T00:00:00.000Z',
    },
    // J: signed up 30 August, before both periods.
    { created_at: '2026-08-30T23:59:59.999Z', stage: 'trial', trial_ends_at: trial, plan_name: null },
  ];
  const ids: number[] = [];
  for (const set of owners) {
    const { id } = await createUser(t.app);
    await t.app.db.updateTable('users').set(set).where('id', '=', id).execute();
    ids.push(id);
  }
  const credit = (type: 'sms' | 'email', kind: string, amount: number, created_at: string) =>
    t.app.db
      .insertInto('credit_entries')
      .values({
        user_id: ids[0],
        type,
        kind: kind as 'spend',
        bucket: 'bought',
        amount,
        balance: 0,
        reference: null,
        note: null,
        created_at,
      })
      .execute();
  await credit('sms', 'bundle', 100, '2026-10-03T10:00:00.000Z');
  await credit('sms', 'top_up', 50, '2026-10-04T10:00:00.000Z');
  await credit('sms', 'spend', -30, '2026-10-05T10:00:00.000Z');
  await credit('sms', 'refund', 2, '2026-10-06T10:00:00.000Z');
  await credit('sms', 'admin', 1000, '2026-10-07T10:00:00.000Z');
  await credit('sms', 'plan', 100, '2026-10-08T10:00:00.000Z');
  await credit('sms', 'bundle', 200, '2026-09-10T10:00:00.000Z');
  await credit('sms', 'spend', -7, '2026-09-11T10:00:00.000Z');
  await credit('sms', 'bundle', 999, '2026-08-30T23:59:59.999Z');
  await credit('email', 'bundle', 500, '2026-10-01T00:00:00.000Z');
  await credit('email', 'spend', -40, '2026-11-01T00:00:00.000Z');
  await recordStocks(t.app.db, new Date('2026-10-31T23:00:00.000Z'));
  await t.app.db
    .insertInto('stock_days')
    .values({ day: '2026-09-30', stocks: JSON.stringify(SEPTEMBER_END), recorded_at: '2026-09-30T23:00:00.000Z' })
    .execute();
});

/** The record of 30 September: C and J on a trial, F paying Premium Monthly, D in the grace period. */
const SEPTEMBER_END = {
  trial: 2,
  subscriber: 1,
  gracePeriod: 1,
  unsubscriber: 0,
  lapsed: 0,
  plans: [
    { plan: 'Lite Monthly', level: 'lite', interval: 'monthly', count: 1 },
    { plan: 'Premium Monthly', level: 'premium', interval: 'monthly', count: 1 },
  ],
  mrr: [
    { currency: 'GBP', amount: 3600, subscribers: 1 },
    { currency: 'UAH', amount: 29900, subscribers: 1 },
  ],
};
afterAll(async () => t.close());

describe('GET /api/v1/admin/dashboard', () => {
  it('counts October against the 31 days before it, as counted by hand', async () => {
    const res = await admin.get('/api/v1/admin/dashboard?from=2026-10-01&to=2026-10-31');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Sign-ups by day and what affiliates are owed: dashboard-owed-trend-links.test.ts.
    const { signups_by_day: byDay, affiliates_owed: owed, ...data } = body.data;
    expect(byDay).toHaveLength(31);
    expect(byDay.reduce((sum: number, d: { signups: number }) => sum + d.signups, 0)).toBe(4);
    expect(owed).toEqual([
      { currency: 'GBP', amount: 0, affiliates: 0 },
      { currency: 'UAH', amount: 0, affiliates: 0 },
    ]);
    expect(data).toEqual({
      period: { from: '2026-10-01', to: '2026-10-31', previous_from: '2026-08-31', previous_to: '2026-09-30' },
      signups: { total: 4, previous: 2 }, // A, B, G, I | C, D
      affiliate_signups: { total: 1, previous: 1 }, // B | D
      trials: { total: 3, previous: 1, now: 3 }, // A, B, G | C; on a trial at October's end (recorded): A, H, J
      subscribers: {
        total: 3, // B, C, D (grace period); I is deleted
        plans: [
          { plan: 'Business Monthly', level: 'business', interval: 'monthly', count: 1 },
          { plan: 'Lite Monthly', level: 'lite', interval: 'monthly', count: 1 },
          { plan: 'Premium Annual', level: 'premium', interval: 'annual', count: 1 },
        ],
      },
      grace_period: 1,
      unsubscribed: 2, // E, F
      lapsed: 1, // G
      // B £24.00 + C £360.00 a year = £30.00 a month; D ₴299.00.
      mrr: [
        { currency: 'GBP', amount: 5400, subscribers: 2 },
        { currency: 'UAH', amount: 29900, subscribers: 1 },
      ],
      stocks_before: {
        trials: 2,
        subscribers: 2,
        grace_period: 1,
        unsubscribed: 0,
        lapsed: 0,
        mrr: SEPTEMBER_END.mrr,
      },
      // E over the 3 paying at October's end and the one who stopped | F over September's 2 and F.
      churn: { total: 1, previous: 1, rate: 25, previous_rate: 33.3 },
      credits: {
        sms: { sold: 150, previous_sold: 200, spent: 28, previous_spent: 7 },
        email: { sold: 500, previous_sold: 0, spent: 0, previous_spent: 0 },
      },
    });
    expect([body.currency, body.revenue]).toEqual(['GBP', { amount: 5400, subscribers: 2, previous_amount: 3600 }]);
    const uah = (await admin.get('/api/v1/admin/dashboard?from=2026-10-01&to=2026-10-31&currency=UAH')).json();
    expect([uah.currency, uah.revenue]).toEqual(['UAH', { amount: 29900, subscribers: 1, previous_amount: 29900 }]);
  });

  it('shows the stocks now for a period that reaches today, and none for a day never recorded', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const owner = await createUser(t.app);
    await t.app.db.updateTable('users').set({ stage: 'lapsed', plan_name: null }).where('id', '=', owner.id).execute();
    const now = (await admin.get(`/api/v1/admin/dashboard?from=${today}&to=${today}`)).json();
    expect(now.data.lapsed).toBe(2); // G and the owner just lapsed: now, not a record
    expect(now.data.subscribers.total).toBe(3);

    const never = (await admin.get('/api/v1/admin/dashboard?from=2025-03-01&to=2025-03-31')).json();
    expect(never.data).toMatchObject({
      trials: { now: null },
      subscribers: { total: null, plans: [] },
      grace_period: null,
      unsubscribed: null,
      lapsed: null,
      mrr: [],
      stocks_before: { trials: null, subscribers: null, mrr: null },
      churn: { rate: null, previous_rate: null },
    });
    expect(never.revenue).toEqual({ amount: null, subscribers: null, previous_amount: null });
    await t.app.db.deleteFrom('users').where('id', '=', owner.id).execute();
  });

  it("records a day's stocks once a day, each hour's run over the last", async () => {
    const today = new Date().toISOString().slice(0, 10);
    await hourlyJobs(t.app)['admin.stocks'](null, null as never);
    const owner = await createUser(t.app);
    await t.app.db.updateTable('users').set({ stage: 'lapsed', plan_name: null }).where('id', '=', owner.id).execute();
    await hourlyJobs(t.app)['admin.stocks'](null, null as never);
    const rows = await t.app.db.selectFrom('stock_days').selectAll().where('day', '=', today).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].stocks)).toMatchObject({ lapsed: 2, subscriber: 2, gracePeriod: 1 });
    await t.app.db.deleteFrom('users').where('id', '=', owner.id).execute();
  });

  it('compares one day with the day before', async () => {
    const body = (await admin.get('/api/v1/admin/dashboard?from=2026-10-31&to=2026-10-31')).json();
    expect(body.data.period).toMatchObject({ previous_from: '2026-10-30', previous_to: '2026-10-30' });
    expect(body.data.signups).toEqual({ total: 1, previous: 0 }); // G
  });

  it('refuses a period that runs backwards or is not made of dates, and an unknown currency', async () => {
    const backwards = await admin.get('/api/v1/admin/dashboard?from=2026-10-31&to=2026-10-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: ['The end of the period cannot be before its start.'] });
    for (const q of ['from=yesterday', 'to=2026-02-30', 'currency=EUR']) {
      const res = await admin.get(`/api/v1/admin/dashboard?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 422 });
      expect(Object.keys(res.json().errors)).toEqual([q.split('=')[0]]);
    }
  });
});
