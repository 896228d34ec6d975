import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newService } from '../../helpers/payments-studio';

/** Tax settings and the estimate: Premium or the tax add-on; the year from the owner's start; bands of rates. */
let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  owner = (await loggedIn(t.app, { plan_name: 'Premium Monthly' })).agent;
});
afterAll(async () => t.close());

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

describe('tax settings', () => {
  it('start from the UK’s year and bands, and refuse bands out of order or a day no year has', async () => {
    expect((await owner.get('/api/v1/user/tax-settings')).json().data).toEqual({
      tax_year_start: '04-06',
      allowance: 1257000,
      first_rate: 20,
      first_up_to: 5027000,
      second_rate: 40,
      second_up_to: 12514000,
      third_rate: 45,
    });
    const day = await owner.put('/api/v1/user/tax-settings', { tax_year_start: '02-30', first_rate: 10 });
    expect(day.json().errors.tax_year_start).toEqual(['No year has this day.']);
    const format = await owner.put('/api/v1/user/tax-settings', { tax_year_start: '6 April', first_rate: 10 });
    expect(format.json().errors.tax_year_start).toEqual(['Write the day as month-day, e.g. 04-06 for 6 April.']);
    const order = await owner.put('/api/v1/user/tax-settings', {
      tax_year_start: '04-06',
      allowance: 1000,
      first_rate: 10,
      first_up_to: 500,
      second_rate: 20,
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.first_up_to).toEqual(['The limit must be above the tax-free allowance.']);
    expect(
      (await owner.put('/api/v1/user/tax-settings', { tax_year_start: '04-06', first_rate: 1e20 })).statusCode,
    ).toBe(422);
  });

  it('a Ukrainian owner’s year is the calendar year at a single rate', async () => {
    const { agent, user } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    await t.app.db.updateTable('users').set({ region: 'UA' }).where('id', '=', user.id).execute();
    expect((await agent.get('/api/v1/user/tax-settings')).json().data).toMatchObject({
      tax_year_start: '01-01',
      allowance: 0,
      first_rate: 5,
      first_up_to: null,
    });
    const estimate = (await agent.get('/api/v1/payments/tax-estimate')).json();
    expect(estimate.from).toBe(`${today().slice(0, 4)}-01-01`);
  });
});

describe('GET /api/v1/payments/tax-estimate', () => {
  it('taxes the year’s profit so far band by band at the owner’s rates', async () => {
    const ann = await newClient(owner, 'Ann');
    const visit = await book(owner, await newService(owner, 90000), [ann]);
    await checkout(owner, { client_id: ann, appointment_ids: [visit], payments: [{ method: 'card', amount: 90000 }] });
    expect((await owner.post('/api/v1/expenses', { category: 'rent', amount: 20000, date: today() })).statusCode).toBe(
      201,
    );
    const set = await owner.put('/api/v1/user/tax-settings', {
      tax_year_start: '04-06',
      allowance: 10000,
      first_rate: 20,
      first_up_to: 50000,
      second_rate: 40,
    });
    expect(set.statusCode).toBe(200);
    const res = await owner.get('/api/v1/payments/tax-estimate');
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({ income: 90000, expenses: 20000, mileage: 0, profit: 70000, today: today() });
    // 100.00 free, 400.00 at 20 %, 200.00 at 40 %.
    expect(e.bands).toEqual([
      { from: 0, to: 10000, rate: 0, taxed: 10000, tax: 0 },
      { from: 10000, to: 50000, rate: 20, taxed: 40000, tax: 8000 },
      { from: 50000, to: null, rate: 40, taxed: 20000, tax: 8000 },
    ]);
    expect(e.tax).toBe(16000);
    // Net income's year follows the owner's start too.
    await owner.put('/api/v1/user/tax-settings', { tax_year_start: '01-01', first_rate: 10 });
    const net = (await owner.get('/api/v1/payments/net-income?period=tax_year')).json();
    expect(net.from).toBe(`${today().slice(0, 4)}-01-01`);
    expect(net.rows).toHaveLength(1);
    const before = (await owner.get(`/api/v1/payments/net-income?year=2020`)).json();
    expect([before.from, before.to]).toEqual(['2020-01-01', '2020-12-31']);
    expect((await owner.get('/api/v1/payments/tax-estimate')).json().tax).toBe(7000);
  });

  it('is Premium’s or the tax add-on’s: a Business owner gets 403 naming Premium until they hold the add-on', async () => {
    const { agent, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    for (const res of [
      await agent.get('/api/v1/payments/tax-estimate'),
      await agent.get('/api/v1/user/tax-settings'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('Premium');
    }
    await t.app.db.updateTable('users').set({ addons: '["tax"]' }).where('id', '=', user.id).execute();
    expect((await agent.get('/api/v1/payments/tax-estimate')).statusCode).toBe(200);
  });
});
