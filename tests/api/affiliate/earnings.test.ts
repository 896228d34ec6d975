import { nowIso } from '../../../src/server/db/database';
import { Agent, createUser, loggedIn, testApp, type TestApp } from '../../helpers/app';
import { setClock } from '../../helpers/clock';
import { ago, planPayment } from '../../helpers/referral-studio';

/**
 * The affiliate programme pays from the money (spec §3, §7, §9): the plan payments of the owners an affiliate
 * referred, as the app keeps them, earn the affiliate's commission; refunds take it back; what is due becomes owed and
 * an admin's payout moves it to paid. Bundles of credits earn nothing; nor do other owners' payments.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await testApp();
  const a = await createUser(t.app, { is_admin: 1 });
  admin = new Agent(t.app);
  await admin.login(a.email, a.password);
});
afterAll(async () => t.close());

async function affiliateWithCode(email: string) {
  const aff = await createUser(t.app, { email });
  await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', aff.id).execute();
  const agent = new Agent(t.app);
  await agent.login(aff.email, aff.password);
  const { code } = (await agent.post('/api/v1/affiliate/create-code')).json().data;
  return { aff, agent, code: code as string };
}

const payment = (userId: number, amount: number, paidAt: string, kind?: string, status?: string) =>
  planPayment(t, userId, amount, paidAt, kind, status);

describe('affiliate earnings', () => {
  it('earn the commission on referred plan payments, net of refunds, owed when due, paid by an admin', async () => {
    const { aff, agent } = await affiliateWithCode('earner@example.com');
    const referred = await createUser(t.app, { email: 'referred-payer@example.com' });
    const other = await createUser(t.app, { email: 'not-referred@example.com' });
    await t.app.db.updateTable('users').set({ referred_by: aff.id }).where('id', '=', referred.id).execute();
    // Due (more than 60 days ago): 2,999 and 4,999, less a refund of 2,999; not due yet: 4,999. A bundle earns
    // nothing, a failed charge nothing, another owner's payment nothing.
    const first = ago(90);
    await payment(referred.id, 2999, first);
    await payment(referred.id, -2999, ago(85), 'plan', 'refunded');
    await payment(referred.id, 4999, ago(61));
    await payment(referred.id, 4999, ago(10));
    await payment(referred.id, 1500, ago(70), 'bundle');
    await payment(referred.id, 4999, ago(70), 'plan', 'failed');
    await payment(other.id, 4999, ago(70));

    // No settings yet: nothing is earned.
    expect((await agent.get('/api/v1/affiliate/statistic')).json().data).toMatchObject({ earnings: 0, owed: 0 });
    expect((await admin.post(`/api/v1/admin/user/pay-affiliate/${aff.id}`)).statusCode).toBe(422);

    const settings = { fixed_amount: 0, fixed_discount_amount: 0, percent_amount: 20, percent_discount_amount: 10 };
    const set = await admin.put(`/api/v1/admin/affiliate/${aff.id}`, settings);
    expect(set.statusCode).toBe(200);
    // By hand: 20 % of 2,999 (600), less 600 for its refund, 20 % of 4,999 (1,000) due; 1,000 more not due.
    expect(set.json().data).toMatchObject({ ...settings, earned: 2000, pending: 1000, owed: 1000, paid: 0 });
    const stat = (await agent.get('/api/v1/affiliate/statistic')).json().data;
    expect(stat).toMatchObject({ earnings: 2000, pending: 1000, owed: 1000, paid: 0, currency: 'gbp' });
    expect((await agent.get('/api/v1/affiliate/payouts')).json().data).toEqual([]);
    const referredList = (await agent.get('/api/v1/affiliate/referred')).json();
    // The referred owner by dates and stage only: first paid when the first plan payment was made.
    expect(referredList.data).toEqual([
      {
        id: referred.id,
        signed_up_at: expect.any(String),
        subscribed_at: first,
        unsubscribed_at: null,
        status: expect.any(String),
      },
    ]);
    expect(referredList.meta).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(JSON.stringify(referredList)).not.toContain('referred-payer');

    const paid = await admin.post(`/api/v1/admin/user/pay-affiliate/${aff.id}`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ amount: 1000, currency: 'gbp' });
    // Paid once: a second payout finds nothing owed, and changes nothing.
    expect((await admin.post(`/api/v1/admin/user/pay-affiliate/${aff.id}`)).statusCode).toBe(422);
    const after = (await agent.get('/api/v1/affiliate/statistic')).json().data;
    expect(after).toMatchObject({ earnings: 2000, pending: 1000, owed: 0, paid: 1000 });
    expect((await agent.get('/api/v1/affiliate/payouts')).json().data).toEqual([
      { id: expect.any(Number), paid_at: expect.any(String), amount: 1000, currency: 'gbp' },
    ]);
    // Each admin action is in the user's audit.
    const audit = await t.app.db
      .selectFrom('admin_audit')
      .select('action')
      .where('user_id', '=', aff.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['affiliate_settings', 'affiliate_paid']);
  });

  it("answers the register page with the referrer's first name and the discount, and 404 for an unknown code", async () => {
    const { aff, code } = await affiliateWithCode('discounter@example.com');
    await admin.put(`/api/v1/admin/affiliate/${aff.id}`, {
      fixed_amount: 500,
      fixed_discount_amount: 1000,
      percent_amount: 0,
      percent_discount_amount: 0,
    });
    const guest = new Agent(t.app);
    const res = await guest.get(`/api/v1/affiliate/user/${code}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      first_name: 'Test',
      fixed_discount_amount: 1000,
      percent_discount_amount: 0,
      currency: 'gbp',
      friend_discount: 'fixed',
      discount_months: 12,
    });
    // The register page asks it for the code in its address (`?ref`), through a named call the manifest carries.
    const register = (await guest.get('/api/v1/ui/screens/auth.register')).json();
    expect(register.data.intro).toMatchObject({
      call: 'affiliate.referrer',
      params: { code: '?ref' },
    });
    const { calls } = (await guest.get('/api/v1/ui/manifest')).json().data;
    expect(calls['affiliate.referrer']).toEqual({ method: 'GET', path: '/api/v1/affiliate/user/:code' });
    expect((await guest.get('/api/v1/affiliate/user/NOSUCHCODE')).statusCode).toBe(404);
    expect((await guest.get('/api/v1/affiliate/user/<script>')).statusCode).toBe(422);
  });

  it('lets an admin add an affiliate, who signs in to their area, and delete them; a taken email is refused', async () => {
    const body = {
      first_name: 'Addy',
      last_name: 'Partner',
      email: 'added-affiliate@example.com',
      password: 'Added-pass-1',
      password_confirmation: 'Added-pass-1',
      region: 'GB',
    };
    const added = await admin.post('/api/v1/admin/affiliate', body);
    expect(added.statusCode).toBe(201);
    const id = added.json().data.id as number;
    const again = await admin.post('/api/v1/admin/affiliate', body);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['email']);
    expect(
      (await admin.post('/api/v1/admin/affiliate', { ...body, email: 'x@example.com', password: 'short' })).statusCode,
    ).toBe(422);
    const partner = new Agent(t.app);
    expect((await partner.login(body.email, body.password)).statusCode).toBe(200);
    expect((await partner.get('/api/v1/affiliate/statistic')).statusCode).toBe(200);
    expect((await admin.get(`/api/v1/admin/affiliate/${id}`)).json().data).toMatchObject({
      first_name: 'Addy',
      owed: 0,
    });
    // An owner is no affiliate: not deleted by this path.
    const { user: owner } = await loggedIn(t.app);
    expect((await admin.delete(`/api/v1/admin/affiliate/${owner.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/v1/admin/affiliate/${id}`)).statusCode).toBe(200);
    expect((await new Agent(t.app).login(body.email, body.password)).statusCode).toBe(422);
    const audit = await t.app.db
      .selectFrom('admin_audit')
      .select('action')
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['affiliate_added', 'user_deleted']);
  });

  it('is refused to owners and affiliates, and 404 for a user who is not an affiliate', async () => {
    const { agent: owner, user } = await loggedIn(t.app);
    const { agent: affiliate, aff } = await affiliateWithCode('curious@example.com');
    const body = { fixed_amount: 1, fixed_discount_amount: 0, percent_amount: 0, percent_discount_amount: 0 };
    for (const agent of [owner, affiliate]) {
      expect((await agent.delete(`/api/v1/admin/affiliate/${aff.id}`)).statusCode).toBe(403);
      expect((await agent.post('/api/v1/admin/affiliate', {})).statusCode).toBe(403);
      expect((await agent.get(`/api/v1/admin/affiliate/${aff.id}`)).statusCode).toBe(403);
      expect((await agent.put(`/api/v1/admin/affiliate/${aff.id}`, body)).statusCode).toBe(403);
      expect((await agent.post(`/api/v1/admin/user/pay-affiliate/${aff.id}`)).statusCode).toBe(403);
    }
    expect((await admin.get(`/api/v1/admin/affiliate/${user.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/v1/admin/affiliate/${aff.id}`, { ...body, percent_amount: 101 })).statusCode).toBe(
      422,
    );
  });
});

describe('affiliate earnings in the Ukrainian deployment (UAH)', () => {
  let ua: TestApp;
  beforeAll(async () => {
    setClock(Date.parse('2027-01-30T12:00:00Z'));
    ua = await testApp({ currency: 'uah' });
  });
  afterAll(async () => {
    await ua.close();
    jest.useRealTimers();
  });

  /** A signed-in agent now (the clock moves on past a session's life). */
  const signedIn = async (user: { email: string; password: string }) => {
    const agent = new Agent(ua.app);
    expect((await agent.login(user.email, user.password)).statusCode).toBe(200);
    return agent;
  };
  let paymentNo = 0;
  /** A LiqPay payment for a plan (or its refund, negative) in hryvnias, as the app keeps it. */
  const paid = (userId: number, amount: number, paidAt: string, status = 'paid') =>
    ua.app.db
      .insertInto('subscription_payments')
      .values({
        user_id: userId,
        provider: 'liqpay',
        order_id: `sub_${userId}`,
        payment_id: `ua_${++paymentNo}`,
        status,
        kind: 'plan',
        amount,
        currency: 'uah',
        description: null,
        paid_at: paidAt,
        created_at: nowIso(),
      })
      .execute();

  it('owes a month’s commissions from the 1st of the next across the boundary, net of a refund, in hryvnias', async () => {
    const adminUser = await createUser(ua.app, { is_admin: 1 });
    const affUser = await createUser(ua.app, { email: 'ua-affiliate@example.com' });
    await ua.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', affUser.id).execute();
    const olena = await createUser(ua.app, { email: 'ua-olena@example.com' });
    const petro = await createUser(ua.app, { email: 'ua-petro@example.com' });
    await ua.app.db
      .updateTable('users')
      .set({ referred_by: affUser.id, region: 'UA' })
      .where('id', 'in', [olena.id, petro.id])
      .execute();
    const settings = { fixed_amount: 0, fixed_discount_amount: 0, percent_amount: 10, percent_discount_amount: 0 };
    expect((await (await signedIn(adminUser)).put(`/api/v1/admin/affiliate/${affUser.id}`, settings)).statusCode).toBe(
      200,
    );
    const statistic = async () => (await (await signedIn(affUser)).get('/api/v1/affiliate/statistic')).json().data;
    const payOut = async () => (await signedIn(adminUser)).post(`/api/v1/admin/user/pay-affiliate/${affUser.id}`);

    // 30 January: Olena pays 599.00 (10 %: 59.90); on the 31st 299.00 of it is refunded (10 %: −29.90).
    await paid(olena.id, 59900, '2027-01-30T12:00:00.000Z');
    jest.setSystemTime(Date.parse('2027-01-31T12:00:00Z'));
    await paid(olena.id, -29900, '2027-01-31T12:00:00.000Z', 'refunded');
    // By hand: 5,990 − 2,990 = 3,000 earned, all due on 1 February, so none owed yet and nothing to pay.
    expect(await statistic()).toMatchObject({ earnings: 3000, pending: 3000, owed: 0, paid: 0, currency: 'uah' });
    expect((await payOut()).statusCode).toBe(422);

    // 2 February: Petro pays 899.00 (10 %: 89.90), due on 1 March. January's 3,000 is owed since the 1st.
    jest.setSystemTime(Date.parse('2027-02-02T12:00:00Z'));
    await paid(petro.id, 89900, '2027-02-02T12:00:00.000Z');
    expect(await statistic()).toMatchObject({ earnings: 11990, pending: 8990, owed: 3000, paid: 0 });
    const payout = await payOut();
    expect([payout.statusCode, payout.json().data]).toEqual([200, { amount: 3000, currency: 'uah' }]);
    expect(await statistic()).toMatchObject({ earnings: 11990, pending: 8990, owed: 0, paid: 3000 });

    // The last moment of February nothing more is due; at midnight on 1 March February's 8,990 is.
    jest.setSystemTime(Date.parse('2027-02-28T23:59:59Z'));
    expect(await statistic()).toMatchObject({ earnings: 11990, pending: 8990, owed: 0, paid: 3000 });
    jest.setSystemTime(Date.parse('2027-03-01T00:00:00Z'));
    expect(await statistic()).toMatchObject({ earnings: 11990, pending: 0, owed: 8990, paid: 3000 });
    const payouts = (await (await signedIn(affUser)).get('/api/v1/affiliate/payouts')).json().data;
    expect(payouts).toEqual([
      { id: expect.any(Number), paid_at: expect.stringMatching(/^2027-02-02T12:00/), amount: 3000, currency: 'uah' },
    ]);
  });
});
