import { seedDemoData } from '../../src/server/seed';
import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';

/** A new owner's setup checklist: ticked from real data, for owners only. */
describe('GET /api/v1/user/setup-checklist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t.close());

  const steps = async (agent: Agent) => {
    const res = await agent.get('/api/v1/user/setup-checklist');
    expect(res.statusCode).toBe(200);
    return Object.fromEntries((res.json().data as Array<{ id: string; done: boolean }>).map((s) => [s.id, s.done]));
  };

  it('starts with nothing done for a new owner and ticks each step as the owner does it', async () => {
    const { agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect(await steps(owner)).toEqual({ service: false, businessHours: false, onlineBooking: false, client: false });

    const service = (await owner.post('/api/v1/services', { title: 'Consultation', price: 0, duration: 30 })).json()
      .data as { id: number };
    expect((await steps(owner)).service).toBe(true);
    expect(
      (
        await owner.put('/api/v1/user/business-time-settings/1', {
          open: true,
          start: '09:00',
          end: '17:00',
          breaks: [],
        })
      ).statusCode,
    ).toBe(200);
    expect((await steps(owner)).businessHours).toBe(true);
    const booking = await owner.put('/api/v1/user/booking-settings', {
      enabled: true,
      slug: 'setup-owner',
      service_ids: [service.id],
      existing_clients_only: false,
      block_new_bookings: false,
      remember_days: 30,
      deposit_mode: 'per_service',
    });
    expect(booking.statusCode).toBe(200);
    expect((await steps(owner)).onlineBooking).toBe(true);
    expect((await owner.post('/api/v1/clients', { first_name: 'Cara', last_name: 'Client' })).statusCode).toBe(201);
    expect(await steps(owner)).toEqual({ service: true, businessHours: true, onlineBooking: true, client: true });
  });

  it('counts only the owner’s own records, and leaves online booking out where the plan lacks it', async () => {
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    expect(await steps(other)).toEqual({ service: false, businessHours: false, client: false });
  });

  it('asks an owner on the trial to choose the plan it turns into, ticked once a subscription is chosen', async () => {
    const { agent, user } = await loggedIn(t.app, {});
    const db = t.app.db;
    await db
      .updateTable('users')
      .set({ subscription_status: 'trialing', plan_name: null })
      .where('id', '=', user.id)
      .execute();
    expect((await steps(agent)).plan).toBe(false);
    await db.updateTable('users').set({ billing_subscription_id: 'sub_chosen' }).where('id', '=', user.id).execute();
    expect((await steps(agent)).plan).toBe(true);
  });

  it('has the demo owner done, and refuses admins', async () => {
    await seedDemoData(t.app.db, t.app.dialect, t.app.schemas.i18n.translator('en'));
    const demo = new Agent(t.app);
    expect((await demo.login('owner@demo.test', 'Demo-pass-1')).statusCode).toBe(200);
    expect(Object.values(await steps(demo)).every(Boolean)).toBe(true);
    const { agent: admin } = await loggedIn(t.app, { is_admin: 1 });
    expect((await admin.get('/api/v1/user/setup-checklist')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/api/v1/user/setup-checklist')).statusCode).toBe(401);
  });
});
