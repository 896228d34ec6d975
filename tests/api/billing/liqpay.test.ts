import { runSubscriptionCheck } from '../../../src/server/jobs/subscriptions';
import { signed } from '../../../src/server/infra/billing/liqpay-protocol';
import { type Agent } from '../../helpers/app';
import { me } from '../../helpers/billing-studio';
import * as studioHelpers from '../../helpers/liqpay-studio';

/**
 * A UA owner's subscription through LiqPay (spec §1 the UA set, §7 `/liqpay/widget` and `POST /liqpay`), on the
 * local LiqPay's clock: trial with the card on LiqPay's page → converts → renews (plan credits reset) → upgrade
 * (features at once) → downgrade (at the next payment) → cancel → the period ends → read-only → buy again.
 */
const studio = studioHelpers.liqpayStudio();
const uaOwner = (trialDays?: number) => studioHelpers.uaOwner(studio, trialDays);
const payOnPage = (agent: Agent, query: string, card?: string) => studioHelpers.payOnPage(studio, agent, query, card);
const advance = (days: number) => studioHelpers.advance(studio, days);
const { history } = studioHelpers;

/** A callback to the app as LiqPay posts it: a form with `data` and `signature`. */
const callback = (message: { data: string; signature: string }) =>
  studio.t.app.inject({
    method: 'POST',
    url: '/api/v1/liqpay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(message).toString(),
  });
const smsPlan = async (agent: Agent) => (await agent.get('/api/v1/user/credits')).json().data.sms.plan;

describe('LiqPay subscriptions (UA)', () => {
  it('goes from the trial to renewals, upgrades, downgrades, cancels and ends', async () => {
    const { agent } = await uaOwner();
    const { params, status } = await payOnPage(agent, 'plan_id=business-monthly');
    expect(status).toBe(303);
    expect(params).toMatchObject({
      version: 3,
      action: 'subscribe',
      amount: 599,
      currency: 'UAH',
      subscribe: '1',
      subscribe_periodicity: 'month',
      server_url: expect.stringMatching(/\/api\/v1\/liqpay$/),
    });
    let u = await me(agent);
    expect(u.subscription).toMatchObject({ status: 'trialing', plan_name: 'Business Monthly', subscribed: true });
    expect(await history(agent)).toEqual([]);

    await advance(15);
    u = await me(agent);
    expect(u.subscription).toMatchObject({ status: 'active', stage: 'subscriber', has_incomplete_payment: false });
    expect(await history(agent)).toMatchObject([{ total: 59900, currency: 'uah', status: 'paid' }]);
    expect(await smsPlan(agent)).toBe(100);

    await advance(31);
    expect(await history(agent)).toHaveLength(2);

    // Upgrade: Premium's features at once, its price from the next payment.
    const up = await agent.post('/api/v1/subscription/swap', { plan_id: 'premium-monthly' });
    expect([up.statusCode, up.json().message]).toEqual([200, 'Your plan is now Premium Monthly.']);
    expect((await me(agent)).subscription.plan_name).toBe('Premium Monthly');
    await advance(31);
    expect((await history(agent))[0]).toMatchObject({ total: 89900 });
    expect(await smsPlan(agent)).toBe(200);

    // Downgrade: waits for the next payment.
    const down = await agent.post('/api/v1/subscription/swap', { plan_id: 'lite-monthly' });
    expect(down.json().message).toMatch(/^Your plan changes to Lite Monthly on /);
    expect((await me(agent)).subscription).toMatchObject({
      plan_name: 'Premium Monthly',
      pending_plan_name: 'Lite Monthly',
    });
    await advance(31);
    expect((await history(agent))[0]).toMatchObject({ total: 29900 });
    expect((await me(agent)).subscription).toMatchObject({ plan_name: 'Lite Monthly', pending_plan_name: null });

    // Cancel: LiqPay stops, the paid period runs out, then read-only.
    const cancel = await agent.post('/api/v1/subscription/cancel', {});
    expect(cancel.json().message).toMatch(/^Auto-renew is off: your subscription ends on /);
    expect((await me(agent)).subscription).toMatchObject({ stage: 'gracePeriod', auto_renew: false });
    const paid = (await history(agent)).length;
    await advance(31);
    expect(await history(agent)).toHaveLength(paid);
    await runSubscriptionCheck(studio.t.app.db, new Date(studio.liqpay.now() * 1000));
    expect((await me(agent)).subscription).toMatchObject({ status: 'expired', read_only: true });

    // Buy again: a new LiqPay subscription, paid at once, the account writable again.
    const again = await payOnPage(agent, 'plan_id=business-monthly');
    expect(again.status).toBe(303);
    expect((await me(agent)).subscription).toMatchObject({
      status: 'active',
      stage: 'subscriber',
      plan_name: 'Business Monthly',
      read_only: false,
      auto_renew: true,
    });
    expect((await history(agent))[0]).toMatchObject({ total: 59900, status: 'paid' });
  });

  it('a failing card is an incomplete payment to act on', async () => {
    const { agent } = await uaOwner(0);
    await payOnPage(agent, 'plan_id=lite-monthly', '4000 0000 0000 0341');
    expect((await me(agent)).subscription.has_incomplete_payment).toBe(true);
    expect(await history(agent)).toMatchObject([{ status: 'failed', total: 29900 }]);
  });

  it('refuses a callback not signed by LiqPay and acts on each message once', async () => {
    const { agent, user } = await uaOwner(0);
    const forged = signed('not-the-key', { public_key: studio.liqpay.publicKey, action: 'regular', status: 'success' });
    const bad = await callback(forged);
    expect(bad.statusCode).toBe(400);
    await payOnPage(agent, 'plan_id=lite-monthly');
    const [payment] = await studio.t.app.db
      .selectFrom('subscription_payments')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    const again = signed(studio.liqpay.privateKey, {
      version: 3,
      public_key: studio.liqpay.publicKey,
      action: 'regular',
      status: 'success',
      order_id: payment.order_id,
      payment_id: Number(payment.payment_id),
      amount: 299,
      currency: 'UAH',
      end_date: Date.parse(payment.paid_at),
    });
    expect((await callback(again)).statusCode).toBe(200);
    expect(await history(agent)).toHaveLength(1);
  });

  it('buys a bundle of credits on LiqPay page: added once, in the history, no card on file and so no auto-renew', async () => {
    const { agent } = await uaOwner();
    const before = (await agent.get('/api/v1/user/credits')).json().data;
    expect(before).toMatchObject({ pay_with: 'liqpay' });
    const direct = await agent.post('/api/v1/user/sms-notification-settings/buy-sms-bundle/sms-100', {});
    expect([direct.statusCode, direct.json().message]).toEqual([
      422,
      "Bundles are paid on LiqPay's page: choose a bundle on the credits page.",
    ]);

    const { params, status } = await payOnPage(agent, 'bundle_id=sms-100');
    expect(status).toBe(303);
    expect(params).toMatchObject({ action: 'pay', amount: 179, currency: 'UAH', description: '100 SMS credits' });
    expect(params.result_url).toMatch(/\/account-setup\/notifications\/credits\?liqpay=done$/);
    const after = (await agent.get('/api/v1/user/credits')).json().data;
    expect(after.sms).toMatchObject({ balance: before.sms.balance + 100, bundle_id: 'sms-100', auto_renew: false });
    expect((await history(agent))[0]).toMatchObject({
      total: 17900,
      currency: 'uah',
      status: 'paid',
      description: '100 SMS credits',
    });

    // LiqPay calling back again changes nothing.
    const [payment] = await studio.t.app.db
      .selectFrom('subscription_payments')
      .selectAll()
      .where('order_id', '=', String(params.order_id))
      .execute();
    const again = signed(studio.liqpay.privateKey, {
      version: 3,
      public_key: studio.liqpay.publicKey,
      action: 'pay',
      status: 'success',
      order_id: params.order_id,
      payment_id: Number(payment.payment_id),
      amount: 179,
      currency: 'UAH',
    });
    expect((await callback(again)).statusCode).toBe(200);
    expect((await agent.get('/api/v1/user/credits')).json().data.sms.balance).toBe(before.sms.balance + 100);

    const renew = await agent.put('/api/v1/user/auto-renew', { type: 'sms', auto_renew: true });
    expect([renew.statusCode, renew.json().errors?.auto_renew]).toEqual([
      422,
      ["Auto-renew needs a card on file. With LiqPay, buy each bundle on LiqPay's page."],
    ]);
    expect((await agent.get('/api/v1/liqpay/widget?bundle_id=sms-7')).statusCode).toBe(404);
  });

  it('refuses in words what LiqPay does not do: a subscription made here, add-ons, a resume without its page', async () => {
    const { agent } = await uaOwner();
    const said = async (res: { statusCode: number; json(): { message: string } }) => [
      res.statusCode,
      res.json().message,
    ];
    expect(await said(await agent.post('/api/v1/subscription/subscribe', { plan_id: 'lite-monthly' }))).toEqual([
      422,
      "Choose your plan on LiqPay's payment page.",
    ]);
    expect((await agent.get('/api/v1/subscription/addons')).json().data).toEqual([]);
    expect(await said(await agent.post('/api/v1/subscription/addon', { plan_id: 'tax' }))).toEqual([
      422,
      'Add-ons are not available with LiqPay yet: Premium includes tax.',
    ]);
    expect((await agent.post('/api/v1/subscription/resume', {})).statusCode).toBe(422);
    expect((await agent.get('/api/v1/subscription/plans')).json().provider).toBe('liqpay');
  });
});
