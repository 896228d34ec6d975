import { appendCredits } from '../../../src/server/features/credits/ledger';
import { spendCredits } from '../../../src/server/features/credits/spend';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { billingStudio, saveCard, trialOwner } from '../../helpers/billing-studio';
import type { FastifyInstance } from 'fastify';

/**
 * What spending credits tells the owner's bell (spec §4, §9), whatever else fails: auto-renew that could not buy
 * (a declined card) is told, not only logged; low credits are told even when the low-credit email cannot be sent.
 */
const studio = billingStudio();
const spend = (app: FastifyInstance, userId: number, amount: number, reference: string) =>
  spendCredits(
    app,
    { i18n: app.schemas.i18n, appUrl: 'http://127.0.0.1:1' },
    { userId, type: 'sms', amount, reference },
  );
const bell = async (agent: Agent) =>
  (
    (await agent.get('/api/v1/user/notifications')).json().data as Array<{ kind: string; text: string; link: string }>
  ).map((n) => [n.kind, n.text, n.link]);

describe('spending credits', () => {
  it('tells the owner, in their language, that auto-renew could not buy with a declined card', async () => {
    const { agent, user } = await trialOwner(studio);
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    const bought = await agent.post('/api/v1/user/sms-notification-settings/buy-sms-bundle/sms-50', {
      auto_renew: true,
    });
    expect(bought.json().data.sms).toMatchObject({ balance: 50, auto_renew: true });
    // A card that saves but declines every charge becomes the default.
    expect(await saveCard(studio, agent, '4000 0000 0000 0341')).toBe(303);
    const cards = (await agent.get('/api/v1/subscription/cards')).json().data as Array<{ id: string; last4: string }>;
    expect(
      (await agent.put(`/api/v1/subscription/cards/${cards.find((c) => c.last4 === '0341')!.id}`)).statusCode,
    ).toBe(200);

    expect(await spend(studio.t.app, user.id, 41, 'msg-1')).toEqual({ spent: true, balance: 9 });
    await studio.provider.delivered();
    const credits = '/account-setup/notifications/credits';
    expect(await bell(agent)).toEqual([
      ['smsCreditsLow', 'Only 9 SMS credits left. Buy more so reminders keep going out.', credits],
      [
        'smsCreditsRenewFailed',
        'SMS credits could not be bought automatically: check your card. 9 credits left.',
        credits,
      ],
    ]);
    await studio.t.app.db.updateTable('users').set({ locale: 'uk' }).where('id', '=', user.id).execute();
    agent.locale = 'uk';
    expect((await bell(agent))[1]).toEqual([
      'smsCreditsRenewFailed',
      'Не вдалося автоматично докупити SMS-кредити: перевірте картку. Залишилося 9 кредитів.',
      credits,
    ]);
  });
});

describe('low credits when the email cannot be sent', () => {
  let t: TestApp;
  // A mail server that is not there: every email fails.
  beforeAll(async () => {
    t = await testApp({ smtpUrl: 'smtp://127.0.0.1:9', appUrl: 'http://127.0.0.1:1' });
  });
  afterAll(async () => t.close());

  it('still tells the owner’s bell, once', async () => {
    const { agent, user } = await loggedIn(t.app, {});
    await t.app.db.transaction().execute(async (trx) => {
      await appendCredits(trx, { userId: user.id, type: 'sms', kind: 'admin', bucket: 'bought', amount: 25 });
    });
    expect(await spend(t.app, user.id, 6, 'msg-1')).toMatchObject({ spent: true });
    expect(await spend(t.app, user.id, 1, 'msg-2')).toMatchObject({ spent: true });
    const mail = await t.app.db.selectFrom('outbox').select('status').where('recipient', '=', user.email).execute();
    expect(mail).toEqual([{ status: 'error' }]);
    expect(await bell(agent)).toEqual([
      [
        'smsCreditsLow',
        'Only 19 SMS credits left. Buy more so reminders keep going out.',
        '/account-setup/notifications/credits',
      ],
    ]);
  });
});
