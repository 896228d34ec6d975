import { billingStudio, me, saveCard, trialOwner } from '../../helpers/billing-studio';

/** The tax add-on (spec §4, §6): added at once with its features, cancelled to the end of the period. */
const studio = billingStudio();
async function subscriber(plan: string) {
  const owner = await trialOwner(studio, 0);
  expect(await saveCard(studio, owner.agent, '4242 4242 4242 4242')).toBe(303);
  expect((await owner.agent.post('/api/v1/subscription/subscribe', { plan_id: plan })).statusCode).toBe(200);
  return owner;
}
const taxStatus = async (agent: Parameters<typeof me>[0]) =>
  (await agent.get('/api/v1/payments/tax-estimate?year=2026')).statusCode;

describe('add-ons', () => {
  it('adds Tax at once (prorated), bills it at renewal, and keeps it to the period end after cancelling', async () => {
    const { agent, advance } = await subscriber('business-monthly');
    expect(await taxStatus(agent)).toBe(403);
    expect((await agent.get('/api/v1/subscription/addons')).json().data).toEqual([
      {
        id: 'tax',
        name: 'Tax',
        price: 500,
        currency: 'gbp',
        interval: 'monthly',
        included: false,
        active: false,
        ends_at: null,
      },
    ]);

    await advance(10);
    const added = await agent.post('/api/v1/subscription/addon', { plan_id: 'tax' });
    expect([added.statusCode, added.json().message]).toEqual([200, 'Tax add-on added: its features are on now.']);
    expect((await me(agent)).subscription.addons).toEqual(['tax']);
    expect(await taxStatus(agent)).toBe(200);
    const history = async () => (await agent.get('/api/v1/subscription/history')).json().data;
    const prorated = (await history())[0].total;
    expect(prorated).toBeGreaterThan(0);
    expect(prorated).toBeLessThan(500);
    const twice = await agent.post('/api/v1/subscription/addon', { plan_id: 'tax' });
    expect([twice.statusCode, twice.json().message]).toEqual([422, 'Tax is already on your subscription.']);

    await advance(21);
    expect((await history())[0]).toMatchObject({ total: 2900, status: 'paid' });

    const cancelled = await agent.post('/api/v1/subscription/addon/cancel', { plan_id: 'tax' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toMatch(/^Tax add-on cancelled: you keep it until \w+day \d+ \w+ \d{4}\.$/);
    expect(await taxStatus(agent)).toBe(200);
    const [offer] = (await agent.get('/api/v1/subscription/addons')).json().data;
    expect(offer).toMatchObject({ active: false, ends_at: expect.any(String) });
    const again = await agent.post('/api/v1/subscription/addon/cancel', { plan_id: 'tax' });
    expect(again.json().message).toBe('Tax is not on your subscription.');

    await advance(31);
    expect((await history())[0]).toMatchObject({ total: 2400 });
    expect((await me(agent)).subscription.addons).toEqual([]);
    expect(await taxStatus(agent)).toBe(403);
  });

  it('follows the plan to annual billing', async () => {
    const { agent } = await subscriber('business-monthly');
    expect((await agent.post('/api/v1/subscription/addon', { plan_id: 'tax' })).statusCode).toBe(200);
    expect((await agent.post('/api/v1/subscription/swap', { plan_id: 'business-annual' })).statusCode).toBe(200);
    expect((await agent.get('/api/v1/subscription/addons')).json().data[0]).toMatchObject({
      price: 5000,
      interval: 'annual',
      active: true,
    });
  });

  it('is refused in words on Premium, which includes it, and without a subscription', async () => {
    const premium = await subscriber('premium-monthly');
    const res = await premium.agent.post('/api/v1/subscription/addon', { plan_id: 'tax' });
    expect([res.statusCode, res.json().message]).toEqual([422, 'Premium Monthly includes Tax already.']);
    expect((await premium.agent.get('/api/v1/subscription/addons')).json().data[0].included).toBe(true);
    const { agent } = await trialOwner(studio);
    const none = await agent.post('/api/v1/subscription/addon', { plan_id: 'tax' });
    expect(none.json().message).toBe('You have no subscription to change: choose a plan first.');
    expect((await agent.post('/api/v1/subscription/addon', { plan_id: 'sms' })).statusCode).toBe(422);
  });
});
