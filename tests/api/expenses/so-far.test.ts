import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { setClock } from '../../helpers/clock';

/**
 * Net income and the tax estimate count only what is dated up to the owner's today in their zone: rent dated
 * 1 December and saved on 28 November is not yet a cost. At 22:30 UTC on 30 November it is already 1 December in
 * Kyiv (00:30), still 30 November in London.
 */
const NOW = Date.parse('2026-11-30T22:30:00Z');

let t: TestApp;
let london: Agent;
let kyiv: Agent;
beforeAll(async () => {
  setClock(NOW);
  t = await testApp();
  london = (await loggedIn(t.app, { plan_name: 'Premium Monthly' })).agent;
  kyiv = (await loggedIn(t.app, { plan_name: 'Premium Monthly' })).agent;
  const zone = await kyiv.put('/api/v1/user/calendar-settings', {
    time_zone: 'Europe/Kyiv',
    slot_step: 15,
    min_notice_minutes: 0,
  });
  expect(zone.statusCode).toBe(200);
  for (const owner of [london, kyiv])
    for (const [date, amount] of [
      ['2026-11-10', 10000],
      ['2026-12-01', 50000],
      ['2027-01-15', 7000],
    ] as const)
      expect((await owner.post('/api/v1/expenses', { category: 'rent', amount, date })).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
  jest.useRealTimers();
});

describe('net income and the tax estimate so far', () => {
  it('leave out costs dated after the owner’s today, listing the months to come empty', async () => {
    const net = (await london.get('/api/v1/payments/net-income')).json();
    expect([net.from, net.to]).toEqual(['2026-04-06', '2027-04-05']);
    expect(net.total.expenses).toBe(10000);
    const december = net.rows.find((r: { period: string }) => r.period === '2026-12');
    expect(december).toMatchObject({ expenses: 0, net: 0 });
    expect(net.rows).toHaveLength(13);
    const estimate = (await london.get('/api/v1/payments/tax-estimate')).json();
    expect(estimate).toMatchObject({ today: '2026-11-30', expenses: 10000, profit: -10000 });
    // The same by quarter, and in the file.
    const quarters = (await london.get('/api/v1/payments/net-income?period=quarter')).json();
    expect(quarters.total.expenses).toBe(10000);
    const file = await london.post('/api/v1/payments/net-income/export', { format: 'csv' });
    expect(file.statusCode).toBe(200);
    expect(file.body).not.toContain('500.00');
  });

  it('counts the 1 December rent where it is 1 December already', async () => {
    const net = (await kyiv.get('/api/v1/payments/net-income')).json();
    expect(net.total.expenses).toBe(60000);
    const estimate = (await kyiv.get('/api/v1/payments/tax-estimate')).json();
    expect(estimate).toMatchObject({ today: '2026-12-01', expenses: 60000 });
  });

  it('a past year counts in full', async () => {
    await london.post('/api/v1/expenses', { category: 'rent', amount: 3000, date: '2025-12-01' });
    const last = (await london.get('/api/v1/payments/net-income?year=2025')).json();
    expect(last.total.expenses).toBe(3000);
  });
});
