import { billingStudio, me, saveCard, trialOwner } from '../../helpers/billing-studio';

/**
 * Cancelling while a downgrade waits for the next billing date (spec §4: downgrades and cancellations both take
 * effect at the end of the period): the downgrade is called off — no next period comes for it — and the owner is
 * told which plan runs to the end.
 */
const studio = billingStudio();

describe('cancelling with a downgrade waiting', () => {
  it('calls the downgrade off and says which plan runs to the end of the period', async () => {
    const { agent, advance } = await trialOwner(studio, 0);
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'premium-monthly' })).statusCode).toBe(200);
    await advance(1);
    expect((await me(agent)).subscription).toMatchObject({ status: 'active', plan_name: 'Premium Monthly' });
    expect((await agent.post('/api/v1/subscription/swap', { plan_id: 'lite-monthly' })).statusCode).toBe(200);
    expect((await me(agent)).subscription.pending_plan_name).toBe('Lite Monthly');

    const cancel = await agent.post('/api/v1/subscription/cancel', {});
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().message).toMatch(
      /^Auto-renew is off: your subscription ends on .+, on Premium Monthly until then\. The change to Lite Monthly is called off\.$/,
    );
    expect((await me(agent)).subscription).toMatchObject({
      plan_name: 'Premium Monthly',
      pending_plan_name: null,
      auto_renew: false,
    });
    // Resumed, the subscription renews on the plan held: the downgrade stays called off.
    expect((await agent.post('/api/v1/subscription/resume', {})).statusCode).toBe(200);
    await advance(31);
    expect((await me(agent)).subscription).toMatchObject({
      status: 'active',
      plan_name: 'Premium Monthly',
      pending_plan_name: null,
    });
    const [renewal] = (await agent.get('/api/v1/subscription/history')).json().data;
    expect(renewal.description).toBe('Premium · Monthly');
  });

  it('says nothing of a change when none waits', async () => {
    const { agent, advance } = await trialOwner(studio, 0);
    await saveCard(studio, agent, '4242 4242 4242 4242');
    await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' });
    await advance(1);
    const cancel = await agent.post('/api/v1/subscription/cancel', {});
    expect(cancel.json().message).toMatch(/^Auto-renew is off: your subscription ends on [^.]+\.$/);
  });
});
