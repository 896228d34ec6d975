import { me } from '../../helpers/billing-studio';
import * as studioHelpers from '../../helpers/liqpay-studio';

/** LiqPay (UA): cancelling while a downgrade waits for the next payment calls the downgrade off, and says so. */
const studio = studioHelpers.liqpayStudio();

describe('cancelling a LiqPay subscription with a downgrade waiting', () => {
  it('calls the downgrade off and says which plan runs to the end of the period', async () => {
    const { agent } = await studioHelpers.uaOwner(studio, 0);
    expect((await studioHelpers.payOnPage(studio, agent, 'plan_id=premium-monthly')).status).toBe(303);
    expect((await me(agent)).subscription).toMatchObject({ status: 'active', plan_name: 'Premium Monthly' });
    expect((await agent.post('/api/v1/subscription/swap', { plan_id: 'lite-monthly' })).statusCode).toBe(200);
    expect((await me(agent)).subscription.pending_plan_name).toBe('Lite Monthly');
    const cancel = await agent.post('/api/v1/subscription/cancel', {});
    expect(cancel.json().message).toMatch(
      /^Auto-renew is off: your subscription ends on .+, on Premium Monthly until then\. The change to Lite Monthly is called off\.$/,
    );
    expect((await me(agent)).subscription).toMatchObject({
      plan_name: 'Premium Monthly',
      pending_plan_name: null,
      auto_renew: false,
    });
  });
});
