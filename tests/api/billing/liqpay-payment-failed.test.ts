import { advance, liqpayStudio, payOnPage, uaOwner } from '../../helpers/liqpay-studio';
import { me } from '../../helpers/billing-studio';

/**
 * A UA owner's LiqPay renewal that the card does not pay (spec §4: an event the owner must know): LiqPay's `failure`
 * callback reaches the owner's bell once, as a card provider's failed charge does — the same words, in the owner's
 * language, linking to their cards.
 */
const studio = liqpayStudio();

describe('a LiqPay subscription payment that fails', () => {
  it('puts one notification in the owner’s bell, in their language, linking to their cards', async () => {
    const { agent, user } = await uaOwner(studio, 2);
    await studio.t.app.db.updateTable('users').set({ locale: 'uk' }).where('id', '=', user.id).execute();
    agent.locale = 'uk';
    // A card LiqPay takes on its page but that fails every charge.
    expect((await payOnPage(studio, agent, 'plan_id=lite-monthly', '4000 0000 0000 0341')).status).toBe(303);
    expect((await agent.get('/api/v1/user/notifications')).json().data).toEqual([]);

    await advance(studio, 3);
    expect((await me(agent)).subscription.has_incomplete_payment).toBe(true);
    const failed = (await agent.get('/api/v1/user/notifications')).json().data;
    expect(failed).toEqual([
      expect.objectContaining({
        kind: 'paymentFailed',
        text: 'Не вдалося списати оплату підписки: перевірте картку, щоб план діяв і далі.',
        link: '/account-setup/subscription/cards',
      }),
    ]);
    agent.locale = 'en';
    expect((await agent.get('/api/v1/user/notifications')).json().data[0].text).toBe(
      'A subscription payment failed: check your card so your plan carries on.',
    );
  });
});
