import { daysAfter } from '../../src/domain/subscription';
import { runSubscriptionCheck } from '../../src/server/jobs/subscriptions';
import { Agent, createUser, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const DAY = 86_400_000;
async function owner(fields: Record<string, unknown>) {
  const u = await createUser(t.app);
  await t.app.db.updateTable('users').set(fields).where('id', '=', u.id).execute();
  const agent = new Agent(t.app);
  await agent.login(u.email, u.password);
  return { ...u, agent };
}

describe('subscription stages and read-only mode', () => {
  it('lets a paid subscription in its grace period work, then makes it read-only once it has ended', async () => {
    const now = new Date();
    const o = await owner({
      plan_name: 'Business Monthly',
      subscription_status: 'active',
      ends_at: daysAfter(now, 5).toISOString(),
      stage: 'subscriber',
    });
    await runSubscriptionCheck(t.app.db, now);
    expect((await o.agent.get('/api/v1/user')).json().data).toMatchObject({
      read_only: false,
      subscription: { stage: 'gracePeriod', valid: true },
    });
    expect((await o.agent.post('/api/v1/clients', { first_name: 'Before' })).statusCode).toBe(201);

    // The check, run with the clock moved past the end.
    await runSubscriptionCheck(t.app.db, daysAfter(now, 6));
    const row = await t.app.db
      .selectFrom('users')
      .select(['stage', 'subscription_status', 'subscription_ended_at'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stage: 'unsubscriber', subscription_status: 'expired' });
    expect(Date.parse(row.subscription_ended_at!)).toBeCloseTo(Date.parse(daysAfter(now, 5).toISOString()), -3);
  });

  it('refuses writes in read-only mode with the spec’s reason, keeps reads, and counts down to deletion', async () => {
    const ended = new Date(Date.now() - 10 * DAY).toISOString();
    const o = await owner({
      plan_name: 'Premium Monthly',
      subscription_status: 'expired',
      ends_at: ended,
      subscription_ended_at: ended,
      stage: 'unsubscriber',
    });
    const me = (await o.agent.get('/api/v1/user')).json().data;
    expect(me).toMatchObject({
      read_only: true,
      subscription: { valid: false, stage: 'unsubscriber', deletion_in_days: 80 },
    });
    expect((await o.agent.get('/api/v1/clients')).statusCode).toBe(200);
    const refused = await o.agent.post('/api/v1/clients', { first_name: 'After' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You are in Read Only Mode. Reactivate your subscription to make changes.',
      reason: 'permissions.readOnly',
    });
    expect((await o.agent.post('/api/v1/clients/export', { format: 'csv' })).statusCode).toBe(403);
  });

  it('treats an incomplete payment as read-only, and an API user as never read-only', async () => {
    const incomplete = await owner({
      plan_name: 'Premium Monthly',
      subscription_status: 'active',
      has_incomplete_payment: 1,
      stage: 'subscriber',
    });
    expect((await incomplete.agent.post('/api/v1/clients', { first_name: 'X' })).statusCode).toBe(403);
    const api = await owner({
      plan_name: 'Lite Monthly',
      subscription_status: 'expired',
      is_api_user: 1,
      stage: 'lapsed',
    });
    expect((await api.agent.post('/api/v1/clients', { first_name: 'X' })).statusCode).toBe(201);
  });

  it('moves a trial that ran out to lapsed', async () => {
    const o = await owner({
      plan_name: null,
      subscription_status: 'trialing',
      trial_ends_at: new Date(Date.now() - DAY).toISOString(),
      stage: 'trial',
    });
    await runSubscriptionCheck(t.app.db);
    expect((await o.agent.get('/api/v1/user')).json().data).toMatchObject({
      read_only: true,
      subscription: { stage: 'lapsed', valid: false },
    });
  });

  it('deletes the account’s data 90 days after a paid subscription ends (moved clock), and only that account’s', async () => {
    const now = new Date();
    const leaving = await owner({
      plan_name: 'Lite Monthly',
      subscription_status: 'active',
      ends_at: daysAfter(now, 1).toISOString(),
      stage: 'subscriber',
    });
    const staying = await owner({ plan_name: 'Lite Monthly', subscription_status: 'active', stage: 'subscriber' });
    const gone = await leaving.agent.post('/api/v1/clients', {
      first_name: 'Gone',
      locations: [{ title: 'Home', address_1: '1 Lane' }],
    });
    const paid = await leaving.agent.post('/api/v1/payments', {
      client_id: gone.json().data.id,
      payments: [{ method: 'cash', amount: 500 }],
    });
    expect(paid.statusCode).toBe(201);
    await leaving.agent.post('/api/v1/appointments', {
      type: 'private',
      title: 'Gone too',
      date: daysAfter(now, 1).toISOString().slice(0, 10),
      start_time: '09:00',
      duration: 30,
    });
    const kept = await staying.agent.post('/api/v1/clients', { first_name: 'Kept' });
    await staying.agent.post('/api/v1/payments', {
      client_id: kept.json().data.id,
      payments: [{ method: 'cash', amount: 700 }],
    });
    const ledger = async (id: number) =>
      (await t.app.db.selectFrom('payments').select('amount').where('user_id', '=', id).execute()).map((r) => r.amount);
    const count = async (id: number) =>
      Number(
        (
          await t.app.db
            .selectFrom('clients')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    await runSubscriptionCheck(t.app.db, daysAfter(now, 2));
    expect(await count(leaving.id)).toBe(1);
    const trashed = async (id: number) =>
      (await t.app.db.selectFrom('users').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow())
        .deleted_at;
    await runSubscriptionCheck(t.app.db, daysAfter(now, 90));
    expect(await count(leaving.id)).toBe(1);
    expect(await trashed(leaving.id)).toBeNull();
    const result = await runSubscriptionCheck(t.app.db, daysAfter(now, 92));
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await count(leaving.id)).toBe(0);
    expect(await t.app.db.selectFrom('appointments').select('id').where('user_id', '=', leaving.id).execute()).toEqual(
      [],
    );
    expect(await ledger(leaving.id)).toEqual([]);
    expect(await t.app.db.selectFrom('checkouts').select('id').where('user_id', '=', leaving.id).execute()).toEqual([]);
    expect(await ledger(staying.id)).toEqual([700]);
    expect(await trashed(leaving.id)).not.toBeNull();
    expect(await trashed(staying.id)).toBeNull();
    expect(await count(staying.id)).toBe(1);
    const orphans = await t.app.db
      .selectFrom('client_locations')
      .leftJoin('clients', 'clients.id', 'client_locations.client_id')
      .select('client_locations.id')
      .where('clients.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    expect((await leaving.agent.get('/api/v1/user')).statusCode).toBe(401);
    // Repeating the check changes nothing more.
    const again = await runSubscriptionCheck(t.app.db, daysAfter(now, 92));
    expect(again).toEqual({ staged: 0, deleted: 0 });
  });
});

describe('plans on the real server', () => {
  it('gives a lite owner the lite features (clients)', async () => {
    const o = await owner({ plan_name: 'Lite Monthly', subscription_status: 'active', stage: 'subscriber' });
    expect((await o.agent.post('/api/v1/clients', { first_name: 'Lite' })).statusCode).toBe(201);
    expect((await o.agent.get('/api/v1/user')).json().data).toMatchObject({ plan_level: 'lite', is_premium: false });
  });
});

describe('exports by plan', () => {
  it('lets a lite owner export each list by hand, and a read-only account none', async () => {
    const lite = await owner({ plan_name: 'Lite Monthly', subscription_status: 'active', stage: 'subscriber' });
    for (const resource of ['clients', 'services', 'products']) {
      const res = await lite.agent.post(`/api/v1/${resource}/export`, { format: 'csv' });
      expect([resource, res.statusCode]).toEqual([resource, 200]);
    }
    const appointments = await lite.agent.post('/api/v1/appointments/export', {
      format: 'csv',
      from: '2027-03-01',
      to: '2027-03-31',
    });
    expect(appointments.statusCode).toBe(200);

    const readOnly = await owner({
      plan_name: null,
      subscription_status: 'trialing',
      trial_ends_at: new Date(Date.now() - DAY).toISOString(),
      stage: 'lapsed',
    });
    expect((await readOnly.agent.get('/api/v1/user')).json().data.read_only).toBe(true);
    expect((await readOnly.agent.post('/api/v1/clients/export', { format: 'csv' })).statusCode).toBe(403);
  });
});
