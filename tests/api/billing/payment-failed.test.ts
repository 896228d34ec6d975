import { billingStudio, me, saveCard, trialOwner } from '../../helpers/billing-studio';

/**
 * A renewal the card provider declines (spec §4: an event the owner must know): the provider's
 * `invoice.payment_failed` reaches the owner's bell once, in their language, linking to their cards.
 */
const studio = billingStudio();

describe('a subscription payment that fails', () => {
  it('puts one notification in the owner’s bell, linking to their cards', async () => {
    const { agent, advance } = await trialOwner(studio, 2);
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' })).statusCode).toBe(200);
    await advance(3);
    expect((await me(agent)).subscription).toMatchObject({ status: 'active', stage: 'subscriber' });
    expect((await agent.get('/api/v1/user/notifications')).json().data).toEqual([]);

    // A card that saves but declines every charge becomes the default; the next renewal fails.
    expect(await saveCard(studio, agent, '4000 0000 0000 0341')).toBe(303);
    const cards = (await agent.get('/api/v1/subscription/cards')).json().data as Array<{ id: string; last4: string }>;
    const failing = cards.find((c) => c.last4 === '0341')!;
    expect((await agent.put(`/api/v1/subscription/cards/${failing.id}`, {})).statusCode).toBe(200);
    await advance(31);

    const bell = (await agent.get('/api/v1/user/notifications')).json();
    const failed = bell.data.filter((n: { kind: string }) => n.kind === 'paymentFailed');
    expect(failed).toEqual([
      expect.objectContaining({
        text: 'A subscription payment failed: check your card so your plan carries on.',
        link: '/account-setup/subscription/cards',
      }),
    ]);
  });
});
