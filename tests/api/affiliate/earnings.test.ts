import { Agent, createUser, loggedIn, testApp, type TestApp } from '../../helpers/app';

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

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

async function affiliateWithCode(email: string) {
  const aff = await createUser(t.app, { email });
  await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', aff.id).execute();
  const agent = new Agent(t.app);
  await agent.login(aff.email, aff.password);
  const { code } = (await agent.post('/api/v1/affiliate/create-code')).json().data;
  return { aff, agent, code: code as string };
}

let paymentNo = 0;
async function payment(userId: number, amount: number, paidAt: string, kind = 'plan', status = 'paid') {
  paymentNo += 1;
  await t.app.db
    .insertInto('subscription_payments')
    .values({
      user_id: userId,
      provider: 'stripe',
      order_id: `sub_${userId}`,
      payment_id: `in_${paymentNo}`,
      status,
      kind,
      amount,
      currency: 'gbp',
      description: null,
      paid_at: paidAt,
      created_at: new Date().toISOString(),
    })
    .execute();
}

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
    });
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
