import { affiliateEarnings } from '../../../src/server/core/affiliate-earnings';
import { referralCoupon } from '../../../src/server/features/billing/referral';
import { Agent, createUser, loggedIn, testApp, type TestApp } from '../../helpers/app';
import { ago, planPayment, referrerSettings } from '../../helpers/referral-studio';

/**
 * Refer a friend (spec §2): an owner's side of the affiliate programme — the same codes and sign-up links, the
 * referrer's settings for what a friend gets and what the owner earns, and the affiliates' earnings rules.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

let registered = 0;
/** A newcomer who registers through a link's code, from an address of their own (sign-ups are limited by address). */
async function friendSignsUp(code: string, email: string) {
  const friend = new Agent(t.app);
  friend.ip = `10.9.0.${++registered}`;
  await friend.get('/sanctum/csrf-cookie');
  const res = await friend.post('/api/register', {
    first_name: 'Fran',
    last_name: 'Friend',
    email,
    password: 'Friend-pass-1',
    password_confirmation: 'Friend-pass-1',
    referral_code: code.toLowerCase(),
  });
  expect(res.statusCode).toBe(201);
  const row = await t.app.db.selectFrom('users').select(['id', 'referred_by']).where('email', '=', email).execute();
  return row[0];
}

describe('GET /api/v1/refer-a-friend, POST /api/v1/refer-a-friend/code', () => {
  it('gives an owner their own code and link once, the same on every later call', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const before = await agent.get('/api/v1/refer-a-friend');
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ code: null, url: null, friends: 0, earnings: 0, currency: 'gbp' });
    const made = await agent.post('/api/v1/refer-a-friend/code');
    expect(made.statusCode).toBe(201);
    const { code, url } = made.json().data;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(url).toBe(`http://app.test/register?ref=${code}`);
    expect(made.json().message).toEqual(expect.any(String));
    expect((await agent.post('/api/v1/refer-a-friend/code')).json().data).toEqual({ code, url });
    expect((await agent.get('/api/v1/refer-a-friend')).json().data).toMatchObject({ code, url });
  });

  it('is each owner’s own: another owner sees their own link and friends, not the first one’s', async () => {
    const { agent, user } = await loggedIn(t.app);
    const { code } = (await agent.post('/api/v1/refer-a-friend/code')).json().data;
    const friend = await friendSignsUp(code, 'own-friend@example.com');
    expect(friend.referred_by).toBe(user.id);
    const { agent: other } = await loggedIn(t.app);
    const theirs = (await other.get('/api/v1/refer-a-friend')).json().data;
    expect(theirs).toMatchObject({ code: null, url: null, friends: 0 });
    expect((await other.get('/api/v1/refer-a-friend/friends')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    const second = (await other.post('/api/v1/refer-a-friend/code')).json().data.code;
    expect(second).not.toBe(code);
    expect((await agent.get('/api/v1/refer-a-friend')).json().data.code).toBe(code);
  });

  it('is an owner’s only: admins and affiliates get 403, a guest 401', async () => {
    const { agent: admin } = await loggedIn(t.app, { is_admin: 1 });
    const partner = await createUser(t.app);
    await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', partner.id).execute();
    const affiliate = new Agent(t.app);
    await affiliate.login(partner.email, partner.password);
    for (const agent of [admin, affiliate]) {
      expect((await agent.get('/api/v1/refer-a-friend')).statusCode).toBe(403);
      expect((await agent.post('/api/v1/refer-a-friend/code')).statusCode).toBe(403);
      expect((await agent.get('/api/v1/refer-a-friend/friends')).statusCode).toBe(403);
    }
    const guest = new Agent(t.app);
    expect((await guest.get('/api/v1/refer-a-friend')).statusCode).toBe(401);
  });

  it('leaves an owner in read-only mode their link', async () => {
    const { agent, user } = await loggedIn(t.app);
    await t.app.db
      .updateTable('users')
      .set({ subscription_status: 'expired', ends_at: ago(3), subscription_ended_at: ago(3), stage: 'unsubscriber' })
      .where('id', '=', user.id)
      .execute();
    expect((await agent.post('/api/v1/clients', { first_name: 'Ro', last_name: 'Only' })).statusCode).toBe(403);
    expect((await agent.post('/api/v1/refer-a-friend/code')).statusCode).toBe(201);
    expect((await agent.get('/api/v1/refer-a-friend')).json().data.code).toMatch(/^[A-Z2-9]{8}$/);
  });
});

describe('GET /api/v1/refer-a-friend/friends', () => {
  it('lists the friend who signed up with the code, by dates and stage, without names', async () => {
    const { agent, user } = await loggedIn(t.app);
    const { code } = (await agent.post('/api/v1/refer-a-friend/code')).json().data;
    expect((await agent.get('/api/v1/refer-a-friend/friends')).json().data).toEqual([]);
    // The register page names the owner and their friend's discount, as it does an affiliate's.
    await referrerSettings(t, user.id, { percent_discount_amount: 15 });
    const page = await new Agent(t.app).get(`/api/v1/affiliate/user/${code}`);
    expect(page.json().data).toEqual({
      first_name: 'Test',
      fixed_discount_amount: 0,
      percent_discount_amount: 15,
      friend_discount: 'percent',
      discount_months: 12,
      currency: 'gbp',
    });
    const friend = await friendSignsUp(code, 'listed-friend@example.com');
    const list = (await agent.get('/api/v1/refer-a-friend/friends')).json();
    expect(list.data).toEqual([
      { id: friend.id, signed_up_at: expect.any(String), subscribed_at: null, unsubscribed_at: null, status: 'trial' },
    ]);
    expect(list.meta).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(JSON.stringify(list)).not.toMatch(/listed-friend|Fran/);
    expect((await agent.get('/api/v1/refer-a-friend')).json().data).toMatchObject({ friends: 1, subscribed: 0 });
    // The friend's first subscription gets the owner's discount at checkout, for the programme's year.
    expect(await referralCoupon(t.app, { user: { id: friend.id }, currency: 'gbp' } as never)).toMatchObject({
      percentOff: 15,
      months: 12,
    });
  });

  it('ignores a code no owner or affiliate holds, and an admin’s', async () => {
    const { user: admin } = await loggedIn(t.app, { is_admin: 1 });
    await t.app.db.updateTable('users').set({ affiliate_code: 'ADMINREF' }).where('id', '=', admin.id).execute();
    expect((await friendSignsUp('ADMINREF', 'admin-ref@example.com')).referred_by).toBeNull();
    expect((await friendSignsUp('NOSUCHCODE', 'no-ref@example.com')).referred_by).toBeNull();
    expect((await new Agent(t.app).get('/api/v1/affiliate/user/ADMINREF')).statusCode).toBe(404);
  });
});

describe('what an owner earns from their friends', () => {
  it('follows the affiliates’ rules: the same payments earn an owner what they earn an affiliate', async () => {
    const { agent, user } = await loggedIn(t.app);
    const partner = await createUser(t.app);
    await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', partner.id).execute();
    const settings = { percent_amount: 20, percent_discount_amount: 10 };
    await referrerSettings(t, user.id, settings);
    await referrerSettings(t, partner.id, settings);
    // Each referrer brought one owner, who paid the same: due (more than 60 days ago) 2,999 less its refund and
    // 4,999; not due yet 4,999. A bundle of credits and a failed charge earn nothing.
    for (const referrer of [user.id, partner.id]) {
      const friend = await createUser(t.app);
      await t.app.db.updateTable('users').set({ referred_by: referrer }).where('id', '=', friend.id).execute();
      await planPayment(t, friend.id, 2999, ago(90));
      await planPayment(t, friend.id, -2999, ago(85), 'plan', 'refunded');
      await planPayment(t, friend.id, 4999, ago(61));
      await planPayment(t, friend.id, 4999, ago(10));
      await planPayment(t, friend.id, 1500, ago(70), 'bundle');
      await planPayment(t, friend.id, 4999, ago(70), 'plan', 'failed');
    }
    const mine = (await agent.get('/api/v1/refer-a-friend')).json().data;
    // By hand: 20 % of 2,999 (600) less 600 for its refund, 20 % of 4,999 (1,000) due; 1,000 more not due.
    expect(mine).toMatchObject({ earnings: 2000, pending: 1000, owed: 1000, paid: 0, currency: 'gbp' });
    const affiliate = await affiliateEarnings(t.app.db, partner.id, 'gbp');
    expect({ earnings: mine.earnings, pending: mine.pending, owed: mine.owed, paid: mine.paid }).toEqual({
      earnings: affiliate.earned,
      pending: affiliate.pending,
      owed: affiliate.owed,
      paid: affiliate.paid,
    });
    // In words: the friend's percent for the discount's months, the owner's percent, due by the English rule.
    expect(mine).toMatchObject({
      friend_discount: 'percent',
      percent_discount_amount: 10,
      discount_months: 12,
      commission: 'percent',
      percent_amount: 20,
      payout_rule: 'gb',
    });
  });

  it('names a fixed amount, or nothing, as the settings give it', async () => {
    const { agent, user } = await loggedIn(t.app);
    expect((await agent.get('/api/v1/refer-a-friend')).json().data).toMatchObject({
      friend_discount: 'none',
      commission: 'none',
    });
    await referrerSettings(t, user.id, { fixed_amount: 500, fixed_discount_amount: 1000 });
    const friend = await createUser(t.app);
    await t.app.db.updateTable('users').set({ referred_by: user.id }).where('id', '=', friend.id).execute();
    await planPayment(t, friend.id, 2999, ago(70));
    await planPayment(t, friend.id, 2999, ago(5));
    expect((await agent.get('/api/v1/refer-a-friend')).json().data).toMatchObject({
      friend_discount: 'fixed',
      fixed_discount_amount: 1000,
      commission: 'fixed',
      fixed_amount: 500,
      earnings: 1000,
      owed: 500,
      pending: 500,
    });
  });
});
