import net from 'node:net';
import { runLiqpayReconciliation } from '../../../src/server/features/billing/liqpay/reconcile';
import { startLocalLiqpay, type LocalLiqpay } from '../../../src/server/infra/payments/local-liqpay/server';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { me } from '../../helpers/billing-studio';

/**
 * LiqPay callbacks that never arrive (spec §4: the hourly check repairs a lost webhook): the app's callback URL
 * answers nothing, so every callback of the local LiqPay is given up after its retries, and only the hourly check's
 * `status` requests tell the app what happened.
 */
let t: TestApp;
let liqpay: LocalLiqpay;
const DAY = 86_400;

async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  liqpay = await startLocalLiqpay({});
  t = await testApp({
    liqpayPublicKey: liqpay.publicKey,
    liqpayPrivateKey: liqpay.privateKey,
    liqpayApiUrl: liqpay.url,
    appUrl: `http://127.0.0.1:${await deadPort()}`,
  });
});
afterAll(async () => {
  await t.close();
  await liqpay.close();
});

async function uaOwner() {
  const { agent, user } = await loggedIn(t.app, {});
  const trialEnd = new Date((liqpay.now() + 3 * DAY) * 1000).toISOString();
  await t.app.db
    .updateTable('users')
    .set({ region: 'UA', plan_name: null, subscription_status: 'trialing', trial_ends_at: trialEnd })
    .where('id', '=', user.id)
    .execute();
  return { agent, user };
}

/** The owner pays on LiqPay's page; its callback to the app is lost. */
async function payOnPage(agent: Agent, query: string) {
  const checkout = (await agent.get(`/api/v1/liqpay/widget?${query}`)).json().data;
  const form = { data: checkout.data, signature: checkout.signature };
  const post = (path: string, extra: Record<string, string> = {}) =>
    fetch(new URL(path, checkout.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, ...extra }).toString(),
      redirect: 'manual',
    });
  expect((await post('/api/3/checkout')).status).toBe(200);
  expect((await post('/api/3/checkout/pay', { card: '4242424242424242', expiry: '12/34', cvv: '123' })).status).toBe(
    303,
  );
  await liqpay.delivered();
}
const history = async (agent: Agent) => (await agent.get('/api/v1/subscription/history')).json().data;
const pendingOrder = async (id: number) =>
  (await t.app.db.selectFrom('users').select('liqpay_pending_order').where('id', '=', id).executeTakeFirstOrThrow())
    .liqpay_pending_order;

describe('the hourly check with LiqPay', () => {
  it('repairs a lost subscribed callback and a lost renewal, and acts on each once', async () => {
    const { agent, user } = await uaOwner();
    await payOnPage(agent, 'plan_id=business-monthly');
    expect((await me(agent)).subscription).toMatchObject({ subscribed: false, status: 'trialing' });
    expect(await pendingOrder(user.id)).toMatch(/^sl-/);

    expect(await runLiqpayReconciliation(t.app)).toBeGreaterThanOrEqual(1);
    expect((await me(agent)).subscription).toMatchObject({
      subscribed: true,
      status: 'trialing',
      plan_name: 'Business Monthly',
    });
    expect(await pendingOrder(user.id)).toBeNull();

    // The trial ends: LiqPay charges the first payment; its callback is lost too.
    await liqpay.advance(4 * DAY);
    await liqpay.delivered();
    expect(await history(agent)).toEqual([]);
    await runLiqpayReconciliation(t.app);
    expect((await me(agent)).subscription).toMatchObject({ status: 'active', stage: 'subscriber' });
    expect(await history(agent)).toMatchObject([{ total: 59900, currency: 'uah', status: 'paid' }]);
    const credits = (await agent.get('/api/v1/user/credits')).json().data;
    expect(credits.sms.plan).toBe(100);

    // Checked again: nothing more happens.
    await runLiqpayReconciliation(t.app);
    expect(await history(agent)).toHaveLength(1);
    expect((await agent.get('/api/v1/user/credits')).json().data.sms.plan).toBe(100);
  });

  it('forgets a checkout that was never paid', async () => {
    const { agent, user } = await uaOwner();
    expect((await agent.get('/api/v1/liqpay/widget?plan_id=lite-monthly')).statusCode).toBe(200);
    expect(await pendingOrder(user.id)).toMatch(/^sl-/);
    await runLiqpayReconciliation(t.app);
    expect(await pendingOrder(user.id)).toBeNull();
    expect((await me(agent)).subscription).toMatchObject({ subscribed: false });
  });
});
