import { Agent, createUser, loggedIn, testApp, type TestApp } from '../../helpers/app';

/**
 * The support console on an admin's user page (spec §6 admin abilities, §7): password, trial date, SMS count,
 * balance (a minus sign subtracts, §5), every session ended, delete, marketing access and sign in as — each refused
 * to owners and affiliates, each bad input a 422 with field messages that changes nothing, each change an audit row
 * with who, what, before and after.
 */
let t: TestApp;
let admin: Agent;
let adminId: number;
beforeAll(async () => {
  t = await testApp();
  const a = await createUser(t.app, { is_admin: 1 });
  adminId = a.id;
  admin = new Agent(t.app);
  expect((await admin.login(a.email, a.password)).statusCode).toBe(200);
});
afterAll(async () => t.close());

/** An owner on a trial, signed in on a device of their own. */
async function owner(set: Record<string, unknown> = {}) {
  const { agent, user } = await loggedIn(t.app);
  await t.app.db
    .updateTable('users')
    .set({ subscription_status: 'trialing', stage: 'trial', trial_ends_at: '2030-01-01T00:00:00.000Z', ...set })
    .where('id', '=', user.id)
    .execute();
  return { agent, user };
}

const auditRows = (userId: number) =>
  t.app.db.selectFrom('admin_audit').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const userRow = (id: number) => t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('PUT /api/v1/admin/user/password/{id}', () => {
  it('sets a new password, signs the user out everywhere and writes the audit row', async () => {
    const { agent, user } = await owner();
    const res = await admin.put(`/api/v1/admin/user/password/${user.id}`, {
      password: 'New-pass-22',
      password_confirmation: 'New-pass-22',
    });
    expect(res.statusCode).toBe(200);
    expect((await agent.get('/api/v1/user')).statusCode).toBe(401);
    const fresh = new Agent(t.app);
    expect((await fresh.login(user.email, 'New-pass-22')).statusCode).toBe(200);
    const [row] = await auditRows(user.id);
    expect(row).toMatchObject({ admin_id: adminId, action: 'password_changed' });
    expect(JSON.parse(row.before!)).toEqual({ sessions: 1 });
    expect(JSON.parse(row.after!)).toEqual({ sessions: 0 });
    expect(`${row.before}${row.after}`).not.toContain('New-pass');
  });

  it('refuses a weak or unconfirmed password with field messages and changes nothing', async () => {
    const { user } = await owner();
    const before = (await userRow(user.id)).password_hash;
    const weak = await admin.put(`/api/v1/admin/user/password/${user.id}`, {
      password: 'short',
      password_confirmation: 'other',
    });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toContain('password');
    const missing = await admin.put(`/api/v1/admin/user/password/${user.id}`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password).toEqual(['The new password field is required.']);
    expect((await userRow(user.id)).password_hash).toBe(before);
    expect(await auditRows(user.id)).toEqual([]);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await admin.put('/api/v1/admin/user/password/999999', {
      password: 'New-pass-22',
      password_confirmation: 'New-pass-22',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/v1/admin/user/trial/{id}', () => {
  it('makes the trial run to the end of the day given and records the dates before and after', async () => {
    const { user } = await owner({ trial_ends_at: '2020-01-01T00:00:00.000Z', stage: 'lapsed' });
    const res = await admin.put(`/api/v1/admin/user/trial/${user.id}`, { trial_ends_at: '2099-03-10' });
    expect(res.statusCode).toBe(200);
    // GB owners live in Europe/London: 10 March ends at midnight GMT.
    expect(res.json().data).toEqual({ trial_ends_at: '2099-03-11T00:00:00.000Z', stage: 'trial' });
    const u = await userRow(user.id);
    expect([u.trial_ends_at, u.stage, u.subscription_status]).toEqual([
      '2099-03-11T00:00:00.000Z',
      'trial',
      'trialing',
    ]);
    const [row] = await auditRows(user.id);
    expect(row.action).toBe('trial_set');
    expect(JSON.parse(row.before!)).toEqual({ trial_ends_at: '2020-01-01T00:00:00.000Z', stage: 'lapsed' });
    expect(JSON.parse(row.after!)).toEqual({ trial_ends_at: '2099-03-11T00:00:00.000Z', stage: 'trial' });
  });

  it('refuses a date that is not one, and an owner who pays for a plan, changing nothing', async () => {
    const { user } = await owner();
    for (const trial_ends_at of ['2099-02-30', 'soon', '']) {
      const res = await admin.put(`/api/v1/admin/user/trial/${user.id}`, { trial_ends_at });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['trial_ends_at']);
    }
    const paying = await owner({ subscription_status: 'active', stage: 'subscriber' });
    const res = await admin.put(`/api/v1/admin/user/trial/${paying.user.id}`, { trial_ends_at: '2099-01-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.trial_ends_at).toEqual(['This account pays for a plan: its trial cannot be set.']);
    expect((await userRow(user.id)).trial_ends_at).toBe('2030-01-01T00:00:00.000Z');
    expect((await userRow(paying.user.id)).subscription_status).toBe('active');
    expect([...(await auditRows(user.id)), ...(await auditRows(paying.user.id))]).toEqual([]);
  });
});

describe('PUT /api/v1/admin/user/balance/{id}', () => {
  it('adds an amount and takes one off with a minus sign, in the owner’s currency, each change audited', async () => {
    const { user } = await owner();
    const add = await admin.put(`/api/v1/admin/user/balance/${user.id}`, { amount: 1500 });
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toEqual({ balance: 1500, currency: 'GBP' });
    const take = await admin.put(`/api/v1/admin/user/balance/${user.id}`, { amount: -500 });
    expect(take.json().data).toEqual({ balance: 1000, currency: 'GBP' });
    expect((await userRow(user.id)).balance).toBe(1000);
    const rows = await auditRows(user.id);
    expect(rows.map((r) => [r.action, JSON.parse(r.before!), JSON.parse(r.after!)])).toEqual([
      ['balance_changed', { balance: 0, currency: 'GBP' }, { balance: 1500, currency: 'GBP' }],
      ['balance_changed', { balance: 1500, currency: 'GBP' }, { balance: 1000, currency: 'GBP' }],
    ]);
  });

  it('keeps a Ukrainian owner’s balance in hryvnias', async () => {
    const { user } = await owner({ region: 'UA' });
    const res = await admin.put(`/api/v1/admin/user/balance/${user.id}`, { amount: 25000 });
    expect(res.json().data).toEqual({ balance: 25000, currency: 'UAH' });
  });

  it('refuses zero, a fraction, text and going below zero with field messages, changing nothing', async () => {
    const { user } = await owner();
    await admin.put(`/api/v1/admin/user/balance/${user.id}`, { amount: 300 });
    for (const amount of [0, 1.5, 'ten', null, -301]) {
      const res = await admin.put(`/api/v1/admin/user/balance/${user.id}`, { amount });
      expect({ amount, status: res.statusCode }).toEqual({ amount, status: 422 });
      expect(Object.keys(res.json().errors)).toEqual(['amount']);
    }
    const below = await admin.put(`/api/v1/admin/user/balance/${user.id}`, { amount: -301 });
    expect(below.json().errors.amount).toEqual(['The balance cannot go below zero.']);
    expect((await userRow(user.id)).balance).toBe(300);
    expect(await auditRows(user.id)).toHaveLength(1);
  });
});

describe('POST /api/v1/admin/user/end-sessions/{id}', () => {
  it('signs the user out of every device and records how many sessions there were', async () => {
    const { agent, user } = await owner();
    const second = new Agent(t.app);
    await second.login(user.email, user.password);
    const res = await admin.post(`/api/v1/admin/user/end-sessions/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ended: 2 });
    expect((await agent.get('/api/v1/user')).statusCode).toBe(401);
    expect((await second.get('/api/v1/user')).statusCode).toBe(401);
    const [row] = await auditRows(user.id);
    expect([row.action, JSON.parse(row.before!), JSON.parse(row.after!)]).toEqual([
      'sessions_ended',
      { sessions: 2 },
      { sessions: 0 },
    ]);
  });
});

describe('DELETE /api/v1/admin/user/{id}', () => {
  it('moves the user to the trash, signs them out and records it; an admin cannot be deleted', async () => {
    const { agent, user } = await owner();
    const res = await admin.delete(`/api/v1/admin/user/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).deleted_at).not.toBeNull();
    expect((await agent.get('/api/v1/user')).statusCode).toBe(401);
    const trashed = await admin.get('/api/v1/admin/user?is_trashed_user=1');
    expect(trashed.json().data.map((u: { id: number }) => u.id)).toContain(user.id);
    const [row] = await auditRows(user.id);
    expect(row.action).toBe('user_deleted');
    expect(JSON.parse(row.before!)).toEqual({ deleted_at: null });
    expect(JSON.parse(row.after!).deleted_at).toBe((await userRow(user.id)).deleted_at);
    expect((await admin.delete(`/api/v1/admin/user/${user.id}`)).statusCode).toBe(404);

    const other = await createUser(t.app, { is_admin: 1 });
    const refused = await admin.delete(`/api/v1/admin/user/${other.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await userRow(other.id)).deleted_at).toBeNull();
    expect(await auditRows(other.id)).toEqual([]);
  });
});

describe('the SMS count, marketing access and sign in as write audit rows too', () => {
  it('records the SMS balance, the switch and the sign-in with their values before and after', async () => {
    const { user } = await owner();
    await t.app.db.updateTable('users').set({ marketing_available: 0 }).where('id', '=', user.id).execute();
    expect((await admin.put(`/api/v1/admin/user/sms/${user.id}`, { sms_credits: 40 })).statusCode).toBe(200);
    const on = await admin.put(`/api/v1/admin/user/marketing/${user.id}`, { marketing_available: true });
    expect(on.statusCode).toBe(200);
    const off = await admin.put(`/api/v1/admin/user/marketing/${user.id}`, { marketing_available: false });
    expect(off.statusCode).toBe(200);
    const bad = await admin.put(`/api/v1/admin/user/marketing/${user.id}`, { marketing_available: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['marketing_available']);
    const rows = await auditRows(user.id);
    expect(rows.map((r) => [r.action, JSON.parse(r.before!), JSON.parse(r.after!)])).toEqual([
      ['sms_set', { sms_credits: 0 }, { sms_credits: 40 }],
      ['marketing_access', { marketing_available: false }, { marketing_available: true }],
      ['marketing_access', { marketing_available: true }, { marketing_available: false }],
    ]);

    const impersonating = new Agent(t.app);
    const a = await createUser(t.app, { is_admin: 1 });
    await impersonating.login(a.email, a.password);
    expect((await impersonating.post(`/api/v1/admin/user/${user.id}`)).statusCode).toBe(200);
    const last = (await auditRows(user.id)).at(-1)!;
    expect([last.action, last.admin_id]).toEqual(['signed_in_as', a.id]);
  });
});

describe('GET /api/v1/admin/user/audit/{id} and /account/{id}', () => {
  it('lists the user’s audit newest first in the reader’s words, and the account with its balance', async () => {
    const { user } = await owner();
    await admin.put(`/api/v1/admin/user/balance/${user.id}`, { amount: 1234 });
    await admin.put(`/api/v1/admin/user/trial/${user.id}`, { trial_ends_at: '2099-03-10' });
    const page = await admin.get(`/api/v1/admin/user/audit/${user.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toMatchObject({ current_page: 1, total: 2 });
    const [trial, balance] = page.json().data;
    expect(trial).toMatchObject({ action: 'trial_set', admin_name: 'Test User' });
    expect(balance).toMatchObject({ action: 'balance_changed', before: 'Balance: £0.00', after: 'Balance: £12.34' });
    admin.locale = 'uk';
    const uk = await admin.get(`/api/v1/admin/user/audit/${user.id}`);
    admin.locale = 'en';
    expect(uk.json().data[1].after).toMatch(/^Баланс: 12,34/);

    const account = await admin.get(`/api/v1/admin/user/account/${user.id}`);
    expect(account.json().data).toMatchObject({
      id: user.id,
      balance: 1234,
      currency: 'GBP',
      sessions: 1,
      trial_ends_at: '2099-03-11T00:00:00.000Z',
      trial_last_day: '2099-03-10',
    });
    expect((await admin.get('/api/v1/admin/user/account/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/v1/admin/user/audit/999999')).statusCode).toBe(404);
  });
});
