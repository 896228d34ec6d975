import { sql } from 'kysely';
import { appendCredits } from '../../../src/server/features/credits/ledger';
import { spendCredits } from '../../../src/server/features/credits/spend';
import { runBillingReconciliation } from '../../../src/server/jobs/billing';
import { Agent, createUser, loggedIn } from '../../helpers/app';
import { billingStudio, me, saveCard, trialOwner } from '../../helpers/billing-studio';

/**
 * The credits ledger (spec §9): the trial's grant, plan grants that expire at renewal, bundles bought with the
 * default card that carry over, auto-renew at 10 once, the low-credit email at 20 once, never below zero.
 */
const studio = billingStudio();
const credits = async (agent: Agent) => (await agent.get('/api/v1/user/credits')).json().data;
const entries = (userId: number) =>
  studio.t.app.db
    .selectFrom('credit_entries')
    .select(['type', 'kind', 'bucket', 'amount', 'balance', 'note'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const spend = (userId: number, amount: number, reference: string) =>
  spendCredits(
    studio.t.app,
    { i18n: studio.t.app.schemas.i18n, appUrl: 'http://127.0.0.1:1' },
    { userId, type: 'sms', amount, reference },
  );

describe('credits', () => {
  it('a new owner starts with the trial grant of 5 SMS and 5 email credits, as ledger rows', async () => {
    const agent = new Agent(studio.t.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/register', {
      first_name: 'Tia',
      last_name: 'Trial',
      email: 'tia@example.com',
      password: 'Strong-pass-1',
      password_confirmation: 'Strong-pass-1',
    });
    expect(res.statusCode).toBeLessThan(300);
    const user = await me(agent);
    expect(user.credits).toEqual({ sms: 5, email: 5 });
    expect(await credits(agent)).toMatchObject({
      sms: { balance: 5, plan: 5, bought: 0, auto_renew: false, bundle_id: null },
      email: { balance: 5, plan: 5, bought: 0 },
      top_up_at: 10,
      low_at: 20,
    });
    const list = (await agent.get('/api/v1/user/credit-entries')).json();
    expect(list.data.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['trial', 5],
      ['trial', 5],
    ]);
  });

  it('sells bundles in the owner currency: GBP in GB, hryvnia in UA', async () => {
    const gb = await loggedIn(studio.t.app, {});
    expect((await gb.agent.get('/api/v1/data/sms-bundles')).json().data[1]).toEqual({
      id: 'sms-100',
      type: 'sms',
      credits: 100,
      price: 700,
      currency: 'gbp',
    });
    const ua = await loggedIn(studio.t.app, {});
    await studio.t.app.db.updateTable('users').set({ region: 'UA' }).where('id', '=', ua.user.id).execute();
    expect((await ua.agent.get('/api/v1/data/email-bundles')).json().data[0]).toMatchObject({
      id: 'email-1000',
      price: 5000,
      currency: 'uah',
    });
  });

  it('grants plan credits each period, expires the rest at renewal, keeps bought ones, tops up on upgrade', async () => {
    const { agent, advance, user } = await trialOwner(studio);
    await studio.t.app.db.transaction().execute(async (trx) => {
      for (const type of ['sms', 'email'] as const)
        await appendCredits(trx, {
          userId: user.id,
          type,
          kind: 'trial',
          bucket: 'plan',
          amount: 5,
          reference: 'trial',
        });
    });
    // No card yet: refused in words, nothing bought.
    const noCard = await agent.post('/api/v1/user/sms-notification-settings/buy-sms-bundle/sms-50', {});
    expect([noCard.statusCode, noCard.json().message]).toEqual([
      422,
      'Add a card first: credits are bought with your default card.',
    ]);
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' })).statusCode).toBe(200);

    const bought = await agent.post('/api/v1/user/sms-notification-settings/buy-sms-bundle/sms-50', {});
    expect(bought.statusCode).toBe(200);
    expect(bought.json().message).toBe('50 SMS credits bought for £4.00.');
    expect(bought.json().data.sms).toMatchObject({ balance: 55, plan: 5, bought: 50, bundle_id: 'sms-50' });
    const history = (await agent.get('/api/v1/subscription/history')).json().data;
    expect(history[0]).toMatchObject({ total: 400, status: 'paid', description: '50 SMS credits' });

    // The trial converts: the trial's credits expire, Business grants 100.
    await advance(15);
    expect((await credits(agent)).sms).toMatchObject({ balance: 150, plan: 100, bought: 50 });
    expect((await credits(agent)).email).toMatchObject({ balance: 0, plan: 0 });

    // Spending takes plan credits first.
    expect(await spend(user.id, 30, 'msg-1')).toEqual({ spent: true, balance: 120 });
    expect((await credits(agent)).sms).toMatchObject({ balance: 120, plan: 70, bought: 50 });

    // Renewal: the 70 plan credits left expire, 100 new ones; the bought 50 stay.
    await advance(31);
    expect((await credits(agent)).sms).toMatchObject({ balance: 150, plan: 100, bought: 50 });

    // Upgrade mid-period: Premium's 200 at once (100 more), not again when the same period is seen twice.
    expect((await agent.post('/api/v1/subscription/swap', { plan_id: 'premium-monthly' })).statusCode).toBe(200);
    await studio.provider.delivered();
    await runBillingReconciliation(studio.t.app.db, studio.t.app.dialect, studio.t.app.billing!);
    await runBillingReconciliation(studio.t.app.db, studio.t.app.dialect, studio.t.app.billing!);
    expect((await credits(agent)).sms).toMatchObject({ balance: 250, plan: 200, bought: 50 });
    expect((await me(agent)).credits.sms).toBe(250);

    const rows = await entries(user.id);
    expect(rows.filter((r) => r.type === 'sms').map((r) => [r.kind, r.amount, r.balance])).toEqual([
      ['trial', 5, 5],
      ['bundle', 50, 55],
      ['expiry', -5, 50],
      ['plan', 100, 150],
      ['spend', -30, 120],
      ['expiry', -70, 50],
      ['plan', 100, 150],
      ['plan', 100, 250],
    ]);
  });

  it('a declined card buys nothing: Incorrect card details', async () => {
    const { agent, user } = await trialOwner(studio);
    expect(await saveCard(studio, agent, '4000 0000 0000 0341')).toBe(303);
    const res = await agent.post('/api/v1/user/email-notification-settings/buy-email-bundle/email-1000', {
      auto_renew: true,
    });
    expect([res.statusCode, res.json().message]).toEqual([422, 'Incorrect card details']);
    expect(await entries(user.id)).toEqual([]);
    expect((await credits(agent)).email).toMatchObject({ balance: 0, auto_renew: false, bundle_id: null });
    // The voided invoice is no debt.
    const history = (await agent.get('/api/v1/subscription/history')).json().data;
    expect(history.every((i: { status: string }) => i.status !== 'open')).toBe(true);
  });

  it('refuses auto-renew before a bundle was bought, and unknown bundles, changing nothing', async () => {
    const { agent } = await trialOwner(studio);
    const res = await agent.put('/api/v1/user/auto-renew', { type: 'sms', auto_renew: true });
    expect([res.statusCode, res.json().message]).toEqual([
      422,
      'Buy a bundle first: auto-renew buys the same bundle again.',
    ]);
    expect((await credits(agent)).sms.auto_renew).toBe(false);
    expect((await agent.post('/api/v1/user/sms-notification-settings/buy-sms-bundle/email-1000', {})).statusCode).toBe(
      404,
    );
    expect((await agent.put('/api/v1/user/auto-renew', { type: 'fax', auto_renew: true })).statusCode).toBe(422);
  });

  it('auto-renews once and sends the low-credit email once under 20 concurrent sends', async () => {
    const { agent, user } = await trialOwner(studio);
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    const res = await agent.post('/api/v1/user/sms-notification-settings/buy-sms-bundle/sms-50', { auto_renew: true });
    expect(res.json().data.sms).toMatchObject({ balance: 50, auto_renew: true, bundle_id: 'sms-50' });
    await spend(user.id, 20, 'warm-up');

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => spend(user.id, 1, `msg-${i}`)));
    expect(results.every((r) => r.spent)).toBe(true);
    await studio.provider.delivered();
    const rows = await entries(user.id);
    expect(rows.filter((r) => r.kind === 'bundle').map((r) => r.note)).toEqual([null, 'auto-renew']);
    expect((await credits(agent)).sms.balance).toBe(10 + 50);
    const mail = await studio.t.app.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', user.email)
      .execute();
    expect(mail.map((m) => m.subject).filter((s) => s.includes('SMS credits left'))).toEqual([
      'You have 20 SMS credits left',
    ]);
    const paid = (await agent.get('/api/v1/subscription/history')).json().data;
    expect(paid.filter((i: { total: number }) => i.total === 400)).toHaveLength(2);
  });

  it('never goes below zero: of 20 concurrent sends on 5 credits, 5 are sent', async () => {
    const { user } = await trialOwner(studio);
    await studio.t.app.db.transaction().execute(async (trx) => {
      await appendCredits(trx, { userId: user.id, type: 'sms', kind: 'admin', bucket: 'bought', amount: 5 });
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => spend(user.id, 1, `n-${i}`)));
    expect(results.filter((r) => r.spent)).toHaveLength(5);
    expect(await spend(user.id, 1, 'late')).toEqual({ spent: false, balance: 0 });
    const rows = await entries(user.id);
    expect(Math.min(...rows.map((r) => r.balance))).toBe(0);
  });
});

describe('admin adjustments', () => {
  it('an admin sets an owner SMS balance as a ledger row; owners cannot', async () => {
    const { user, agent: ownerAgent } = await trialOwner(studio);
    const { agent } = await loggedIn(studio.t.app, { is_admin: 1 });
    const up = await agent.put(`/api/v1/admin/user/sms/${user.id}`, { sms_credits: 40 });
    expect([up.statusCode, up.json().message]).toEqual([200, 'The SMS balance is now 40.']);
    const down = await agent.put(`/api/v1/admin/user/sms/${user.id}`, { sms_credits: 15 });
    expect(down.json().data.sms.balance).toBe(15);
    expect((await entries(user.id)).map((r) => [r.kind, r.amount, r.balance])).toEqual([
      ['admin', 40, 40],
      ['admin', -25, 15],
    ]);
    expect((await agent.put(`/api/v1/admin/user/sms/${user.id}`, { sms_credits: -1 })).statusCode).toBe(422);
    expect((await ownerAgent.put(`/api/v1/admin/user/sms/${user.id}`, { sms_credits: 999 })).statusCode).toBe(403);
  });
});

describe('the ledger', () => {
  it('is append-only: a row changed is refused, with the transaction that tried', async () => {
    const { app } = studio.t;
    const user = await createUser(app);
    await expect(
      app.db.transaction().execute(async (trx) => {
        const entry = await appendCredits(trx, {
          userId: user.id,
          type: 'sms',
          kind: 'admin',
          bucket: 'bought',
          amount: 3,
        });
        await sql`update credit_entries set amount = 300 where id = ${entry!.id}`.execute(trx);
      }),
      // Matched on the message: SQLite's error is not an `Error` of this test file's realm when an earlier file in
      // the same process loaded the driver first, so `toThrow` would not see it.
    ).rejects.toMatchObject({ message: expect.stringMatching(/append-only/) });
    expect(await app.db.selectFrom('credit_entries').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    const after = await app.db.selectFrom('users').select('sms_credits').where('id', '=', user.id).executeTakeFirst();
    expect(after?.sms_credits).toBe(0);
  });
});
