import { seedDemoData } from '../../src/server/seed';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/seed/accounts';
import { Agent, testApp, type TestApp } from '../helpers/app';
import { runExportsDue } from '../../src/server/features/data-export/due';
import { exportJobs } from '../../src/server/features/data-export/make';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  await seedDemoData(t.app.db, t.app.dialect, t.app.schemas.i18n.translator('en'));
  owner = new Agent(t.app);
  expect((await owner.login(DEMO_USERS[0].email, DEMO_PASSWORD)).statusCode).toBe(200);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('demo data', () => {
  it('gives the demo owner a diary: past appointments, mostly attended, and coming ones with free time left', async () => {
    const rows = await t.app.db
      .selectFrom('appointments')
      .innerJoin('appointment_clients', 'appointment_clients.appointment_id', 'appointments.id')
      .select(['appointments.date', 'appointments.start_time', 'appointment_clients.status'])
      .execute();
    const past = rows.filter((r) => r.date < today());
    const coming = rows.filter((r) => r.date > today());
    expect(past.length).toBeGreaterThan(60);
    expect(past.filter((r) => r.status === 'attended').length / past.length).toBeGreaterThan(0.7);
    expect(past.some((r) => r.status === 'noShow')).toBe(true);
    expect(coming.length).toBeGreaterThan(3);
    expect(coming.every((r) => r.status === 'pending' && ['09:00', '15:00'].includes(r.start_time))).toBe(true);
  });

  it("keeps every client's last appointment date true to their appointments", async () => {
    const clients = await t.app.db.selectFrom('clients').select(['id', 'last_appointment_date']).execute();
    const links = await t.app.db
      .selectFrom('appointment_clients')
      .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
      .select(['appointment_clients.client_id', 'appointments.date', 'appointment_clients.status'])
      .execute();
    for (const c of clients) {
      const dates = links
        .filter((l) => l.client_id === c.id && l.status !== 'cancelled')
        .map((l) => l.date)
        .sort();
      expect([c.id, c.last_appointment_date]).toEqual([c.id, dates.at(-1) ?? null]);
    }
    expect(clients.filter((c) => c.last_appointment_date).length).toBeGreaterThan(20);
  });

  it("shows a demo client's history on their page", async () => {
    const link = await t.app.db.selectFrom('appointment_clients').select('client_id').executeTakeFirstOrThrow();
    const res = await owner.get(`/api/v1/clients/appointments/${link.client_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
  });

  it('gives every demo service a part, so each opens in its form and saves as it is', async () => {
    const services = (await owner.get('/api/v1/services?per_page=100')).json().data as Array<{ id: number }>;
    expect(services.length).toBeGreaterThan(3);
    for (const { id } of services) {
      const record = (await owner.get(`/api/v1/services/${id}`)).json().data;
      expect(record.parts.length).toBeGreaterThan(0);
      const saved = await owner.put(`/api/v1/services/${id}`, record);
      expect([id, saved.statusCode]).toEqual([id, 200]);
    }
  });

  it('has the demo owner export their information monthly: the first look makes this month’s archive', async () => {
    expect((await owner.get('/api/v1/user/export-information-settings')).json().data).toMatchObject({
      automatic: true,
      frequency: 'monthly',
    });
    expect(await runExportsDue(t.app)).toBe(1);
    const [job] = await t.app.db
      .selectFrom('jobs')
      .select(['id', 'data'])
      .where('name', '=', 'export-information.make')
      .execute();
    const make = exportJobs(t.app, { appUrl: 'http://app.test' })['export-information.make'];
    await make(JSON.parse(job.data), { id: String(job.id), name: 'export-information.make', attempt: 1 });
    const [archive] = (await owner.get('/api/v1/user/export-information')).json().data;
    expect(archive).toMatchObject({ kind: 'automatic', status: 'ready', format: 'xlsx' });
    expect(archive.size).toBeGreaterThan(10_000);
  });

  it("shows the demo affiliate money owed, not yet due and paid, from the referred owners' plan payments", async () => {
    const affiliate = new Agent(t.app);
    expect((await affiliate.login('affiliate@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
    // 20 % of the lite owner's six payments of £9.99 and the read-only owner's four of £29.99: £36.00 in all; £4.00
    // of it paid in the last 60 days, not due; £16.00 paid out 35 days ago, £16.00 owed now.
    expect((await affiliate.get('/api/v1/affiliate/statistic')).json().data).toMatchObject({
      subscribers: 2,
      earnings: 3600,
      pending: 400,
      owed: 1600,
      paid: 1600,
    });
    expect((await affiliate.get('/api/v1/affiliate/payouts')).json().meta.total).toBe(1);
  });

  it('gives the demo owner a referral link, what a friend and they get, and no friend yet', async () => {
    const owner = new Agent(t.app);
    expect((await owner.login('owner@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await owner.get('/api/v1/refer-a-friend')).json().data).toMatchObject({
      code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      friend_discount: 'percent',
      percent_discount_amount: 10,
      commission: 'fixed',
      fixed_amount: 500,
      friends: 0,
      earnings: 0,
    });
    expect((await owner.get('/api/v1/refer-a-friend/friends')).json().data).toEqual([]);
  });

  it('seeds once: a second run leaves the database as it is', async () => {
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('appointments')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seedDemoData(t.app.db, t.app.dialect, t.app.schemas.i18n.translator('en'));
    expect(await count()).toBe(before);
  });
});
