import type { FastifyInstance } from 'fastify';
import { Agent, loggedIn, secondApp, testApp, type TestApp } from '../helpers/app';
import { checkout, newClient, newService } from '../helpers/payments-studio';

/**
 * The dashboard, analytics and net income are kept per caller in each process until something they sum is written.
 * After every kind of write — a payment, an appointment and its attendance, a client's name, an expense, the
 * credits, a write straight into the database, a write by another process — each answer shows it; and one owner's
 * kept answers never reach another owner.
 */
let t: TestApp;
let other: FastifyInstance;
let owner: Agent;
let ownerId: number;
let today = '';
const year = () => `from=${today.slice(0, 4)}-01-01&to=${today.slice(0, 4)}-12-31`;

const statistic = async (agent = owner) => (await agent.get('/api/v1/data/statistic')).json().data;
const analytics = async (agent = owner) => (await agent.get(`/api/v1/data/analytics?${year()}&advanced=1`)).json().data;
const netIncome = async (agent = owner) =>
  (await agent.get(`/api/v1/payments/net-income?${year()}&period=month`)).json().total;

beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Premium Monthly' }));
  ownerId = (await owner.get('/api/v1/user')).json().data.id;
  // The owner's today, as the dashboard counts it.
  today = (await statistic()).today;
  other = await secondApp(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('figures kept between writes', () => {
  it('shows an appointment, its attendance, a payment and a client’s new name', async () => {
    const client = await newClient(owner, 'Ann');
    const service = await newService(owner, 4500);
    expect((await statistic()).appointments.today).toEqual([]);
    expect((await analytics()).appointments.total).toBe(0);

    const made = await owner.post('/api/v1/appointments', {
      type: 'service',
      service_id: service,
      client_ids: [client],
      date: today,
      start_time: '23:00',
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id;
    expect((await statistic()).appointments.today).toHaveLength(1);
    expect((await analytics()).appointments.total).toBe(1);

    await owner.put(`/api/v1/appointments/${id}/status`, { status: 'attended', client_id: client });
    expect((await analytics()).appointments.attended).toBe(1);

    const before = (await statistic()).income.week.amount;
    const paid = await checkout(owner, {
      client_id: client,
      appointment_ids: [id],
      payments: [{ method: 'cash', amount: 4500 }],
    });
    expect(paid.code).toBe(201);
    expect((await statistic()).income.week.amount).toBe(before + 4500);
    expect((await analytics()).income.total).toBe(4500);
    expect((await netIncome()).income).toBe(4500);

    await owner.put(`/api/v1/clients/${client}`, { first_name: 'Anna', last_name: 'Ledger' });
    expect(JSON.stringify((await statistic()).appointments)).toContain('Anna');
  });

  it('shows an expense, the credits, a write straight in the database and one by another process', async () => {
    const spent = await owner.post('/api/v1/expenses', { category: 'rent', amount: 1000, date: today });
    expect(spent.statusCode).toBe(201);
    expect((await netIncome()).expenses).toBe(1000);

    const credits = (await statistic()).credits.sms;
    await t.app.db
      .updateTable('users')
      .set({ sms_credits: credits + 7 })
      .where('id', '=', ownerId)
      .execute();
    expect((await statistic()).credits.sms).toBe(credits + 7);

    // Another process takes the same owner's next expense; this one, which kept the figures, shows it.
    const elsewhere = new Agent(other);
    elsewhere.cookies = { ...owner.cookies };
    expect(await netIncome(elsewhere)).toEqual(await netIncome());
    expect((await elsewhere.post('/api/v1/expenses', { category: 'rent', amount: 500, date: today })).statusCode).toBe(
      201,
    );
    expect((await netIncome()).expenses).toBe(1500);
    expect(await netIncome(elsewhere)).toEqual(await netIncome());
  });

  it('never answers one owner with another’s figures', async () => {
    const { agent: second } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    expect((await netIncome()).expenses).toBe(1500);
    expect((await netIncome(second)).expenses).toBe(0);
    expect((await statistic(second)).appointments.today).toEqual([]);
    expect((await analytics(second)).income.total).toBe(0);
  });
});
