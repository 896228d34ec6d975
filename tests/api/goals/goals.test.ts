import { Agent, loggedIn, testApp, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newProduct, newService, sell } from '../../helpers/payments-studio';
import { setClock } from '../../helpers/clock';

/**
 * Goals measured from the books over the period that holds the owner's today, in their zone. The clock is set to
 * 22:30 UTC on Monday 30 November 2026: already Tuesday 1 December in Kyiv, where the owner works, so their month is
 * December (in UTC it would still be November) and their week runs Monday 30 November to Sunday 6 December.
 */
const NOW = Date.parse('2026-11-30T22:30:00Z');

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  setClock(NOW);
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Premium Monthly' }));
  const zone = await owner.put('/api/v1/user/calendar-settings', {
    time_zone: 'Europe/Kyiv',
    slot_step: 15,
    min_notice_minutes: 0,
    week_starts_on: 1,
  });
  expect(zone.statusCode).toBe(200);

  const [ann, bob, cat] = [await newClient(owner, 'Ann'), await newClient(owner, 'Bob'), await newClient(owner, 'Cat')];
  const cut = await newService(owner, 5000); // 30 minutes
  const today = await book(owner, cut, [ann], '2026-12-01');
  await book(owner, cut, [bob], '2026-12-01');
  const cancelled = await book(owner, cut, [cat], '2026-12-01');
  expect(
    (await owner.put(`/api/v1/appointments/${cancelled}/status`, { status: 'cancelled', client_id: cat })).statusCode,
  ).toBe(200);
  await book(owner, cut, [ann], '2026-11-30'); // this week, last month
  await book(owner, cut, [bob], '2026-11-29'); // last week (a Sunday), this quarter
  // Paid today (1 December in Kyiv): 50.00 for Ann's visit and a 20.00 product.
  expect(
    (await checkout(owner, { client_id: ann, appointment_ids: [today], payments: [{ method: 'cash', amount: 5000 }] }))
      .code,
  ).toBe(201);
  await sell(owner, bob, [{ kind: 'product', id: await newProduct(owner, 2000) }], 2000);
  for (const [date, amount] of [
    ['2026-12-01', 1500],
    ['2026-11-30', 9999],
  ] as const)
    expect((await owner.post('/api/v1/expenses', { category: 'rent', amount, date })).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
  jest.useRealTimers();
});

const goal = async (type: string, timeframe: string, amount: number) => {
  const res = await owner.post('/api/v1/goals', { type, timeframe, amount });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};

describe('GET /api/v1/goals/progress', () => {
  it("measures each goal type over its period in the owner's zone, against hand-computed figures", async () => {
    const ids = [
      await goal('income_received', 'month', 10000),
      await goal('net_income', 'month', 11000),
      await goal('number_of_sales', 'week', 4),
      await goal('hours_worked', 'week', 2),
      await goal('appointments_count', 'quarter', 8),
    ];
    const res = await owner.get('/api/v1/goals/progress');
    expect(res.statusCode).toBe(200);
    expect(res.json().currency).toBe('GBP');
    const byId = new Map(res.json().data.map((g: { id: number }) => [g.id, g]));
    // 50.00 + 20.00 received on 1 December; November's takings are not December's.
    expect(byId.get(ids[0])).toMatchObject({
      unit: 'money',
      from: '2026-12-01',
      to: '2026-12-31',
      achieved: 7000,
      percent: 70,
    });
    // Less December's 15.00 of expenses (November's 99.99 is another month's).
    expect(byId.get(ids[1])).toMatchObject({ unit: 'money', achieved: 5500, percent: 50 });
    // One sale this week.
    expect(byId.get(ids[2])).toMatchObject({
      unit: 'count',
      from: '2026-11-30',
      to: '2026-12-06',
      achieved: 1,
      percent: 25,
    });
    // Three half-hour visits this week (Monday's and two on Tuesday); the cancelled one and Sunday's are not.
    expect(byId.get(ids[3])).toMatchObject({ unit: 'hours', achieved: 1.5, percent: 75 });
    // Four this quarter, Sunday's included, the cancelled one not.
    expect(byId.get(ids[4])).toMatchObject({
      unit: 'count',
      from: '2026-10-01',
      to: '2026-12-31',
      achieved: 4,
      percent: 50,
    });
    // Each with its figures in words, in the reader's language, and the page of a list the goals screen reads.
    expect(byId.get(ids[0])).toMatchObject({ figures: '£70.00 of £100.00' });
    expect(byId.get(ids[3])).toMatchObject({ figures: '1.5 h of 2 h' });
    expect(byId.get(ids[4])).toMatchObject({ figures: '4 of 8' });
    expect(res.json().meta).toMatchObject({ current_page: 1, last_page: 1, total: 5 });
    const uk = await owner.request('GET', '/api/v1/goals/progress', undefined, { 'x-locale': 'uk' });
    expect(uk.json().data.find((g: { id: number }) => g.id === ids[0]).figures).toMatch(/^70,00\s£ з 100,00\s£$/);
  });

  it("a week starting on Sunday moves the owner's week, and Sunday's visit with it", async () => {
    await owner.put('/api/v1/user/calendar-settings', {
      time_zone: 'Europe/Kyiv',
      slot_step: 15,
      min_notice_minutes: 0,
      week_starts_on: 0,
    });
    const res = (await owner.get('/api/v1/goals/progress')).json().data;
    const hours = res.find((g: { type: string }) => g.type === 'hours_worked');
    expect(hours).toMatchObject({ from: '2026-11-29', to: '2026-12-05', achieved: 2 });
    await owner.put('/api/v1/user/calendar-settings', {
      time_zone: 'Europe/Kyiv',
      slot_step: 15,
      min_notice_minutes: 0,
      week_starts_on: 1,
    });
  });

  it("another owner's goals and books are not seen", async () => {
    const other = (await loggedIn(t.app, { plan_name: 'Premium Monthly' })).agent;
    expect((await other.get('/api/v1/goals/progress')).json().data).toEqual([]);
    expect((await other.get('/api/v1/goals')).json().data).toEqual([]);
  });
});

describe('goals are records', () => {
  it('refuses a type, timeframe or amount outside the schema with field messages, and changes nothing', async () => {
    const before = (await owner.get('/api/v1/goals')).json().meta.total;
    for (const [body, field] of [
      [{ type: 'happiness', timeframe: 'month', amount: 10 }, 'type'],
      [{ type: 'net_income', timeframe: 'decade', amount: 10 }, 'timeframe'],
      [{ type: 'net_income', timeframe: 'month', amount: 0 }, 'amount'],
      [{ type: 'net_income', timeframe: 'month', amount: 1e300 }, 'amount'],
    ] as const) {
      const res = await owner.post('/api/v1/goals', body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await owner.get('/api/v1/goals')).json().meta.total).toBe(before);
  });

  it('are changed and deleted like any record', async () => {
    const id = await goal('appointments_count', 'week', 5);
    expect(
      (await owner.put(`/api/v1/goals/${id}`, { type: 'appointments_count', timeframe: 'week', amount: 6 })).statusCode,
    ).toBe(200);
    expect((await owner.get(`/api/v1/goals/${id}`)).json().data.amount).toBe(6);
    expect((await owner.delete(`/api/v1/goals/${id}`)).statusCode).toBeLessThan(300);
    expect((await owner.get(`/api/v1/goals/${id}`)).statusCode).toBe(404);
  });
});

describe('plan gate (spec §6: goals are Premium)', () => {
  it('a Business owner is refused goals, their progress and their creation with a 403 naming Premium', async () => {
    const business = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
    for (const res of [
      await business.get('/api/v1/goals'),
      await business.get('/api/v1/goals/progress'),
      await business.post('/api/v1/goals', { type: 'net_income', timeframe: 'month', amount: 100 }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Premium/);
    }
  });
});
