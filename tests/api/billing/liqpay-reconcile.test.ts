import { runLiqpayReconciliation } from '../../../src/server/features/billing/liqpay/reconcile';
import { type Agent } from '../../helpers/app';
import { me } from '../../helpers/billing-studio';
import { DAY, history, liqpayStudio, payOnPage as pay, uaOwner as owner } from '../../helpers/liqpay-studio';

/**
 * LiqPay callbacks that never arrive (spec §4: the hourly check repairs a lost webhook): the app's callback URL
 * answers nothing, so every callback of the local LiqPay is given up after its retries, and only the hourly check's
 * `status` requests tell the app what happened.
 */
const studio = liqpayStudio({ callbacks: 'lost' });
const uaOwner = () => owner(studio, 3);
const payOnPage = (agent: Agent, query: string) => pay(studio, agent, query);
const pendingOrder = async (id: number) =>
  (
    await studio.t.app.db
      .selectFrom('users')
      .select('liqpay_pending_order')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).liqpay_pending_order;

describe('the hourly check with LiqPay', () => {
  it('repairs a lost subscribed callback and a lost renewal, and acts on each once', async () => {
    const { agent, user } = await uaOwner();
    await payOnPage(agent, 'plan_id=business-monthly');
    expect((await me(agent)).subscription).toMatchObject({ subscribed: false, status: 'trialing' });
    expect(await pendingOrder(user.id)).toMatch(/^sl-/);

    expect(await runLiqpayReconciliation(studio.t.app)).toBeGreaterThanOrEqual(1);
    expect((await me(agent)).subscription).toMatchObject({
      subscribed: true,
      status: 'trialing',
      plan_name: 'Business Monthly',
    });
    expect(await pendingOrder(user.id)).toBeNull();

    // The trial ends: LiqPay charges the first payment; its callback is lost too.
    await studio.liqpay.advance(4 * DAY);
    await studio.liqpay.delivered();
    expect(await history(agent)).toEqual([]);
    await runLiqpayReconciliation(studio.t.app);
    expect((await me(agent)).subscription).toMatchObject({ status: 'active', stage: 'subscriber' });
    expect(await history(agent)).toMatchObject([{ total: 59900, currency: 'uah', status: 'paid' }]);
    const credits = (await agent.get('/api/v1/user/credits')).json().data;
    expect(credits.sms.plan).toBe(100);

    // Checked again: nothing more happens.
    await runLiqpayReconciliation(studio.t.app);
    expect(await history(agent)).toHaveLength(1);
    expect((await agent.get('/api/v1/user/credits')).json().data.sms.plan).toBe(100);
  });

  it('forgets a checkout that was never paid', async () => {
    const { agent, user } = await uaOwner();
    expect((await agent.get('/api/v1/liqpay/widget?plan_id=lite-monthly')).statusCode).toBe(200);
    expect(await pendingOrder(user.id)).toMatch(/^sl-/);
    await runLiqpayReconciliation(studio.t.app);
    expect(await pendingOrder(user.id)).toBeNull();
    expect((await me(agent)).subscription).toMatchObject({ subscribed: false });
  });
});
