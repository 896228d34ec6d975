import { signWebhook } from '../../../dev/stand-ins/stripe';
import { runBillingReconciliation } from '../../../src/server/jobs/billing';
import { loggedIn } from '../../helpers/app';
import { billingStudio, me, saveCard, trialOwner } from '../../helpers/billing-studio';

/** The provider's events, the refusals in words, and who may touch whose cards. */
const studio = billingStudio();

const userRow = (id: number) =>
  studio.t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function post(payload: string, signature: string) {
  return studio.t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** A subscriber whose card pays now (`card`), subscribed to Business monthly after the trial was over. */
async function subscriber(card = '4242 4242 4242 4242') {
  const owner = await trialOwner(studio, 0);
  expect(await saveCard(studio, owner.agent, card)).toBe(303);
  return owner;
}

describe('POST /api/v1/billing/webhook', () => {
  it('refuses a bad signature with 400, changing nothing', async () => {
    const { agent, user } = await subscriber();
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' })).statusCode).toBe(200);
    const before = await userRow(user.id);
    const [event] = (await studio.stripe.events.list({ type: 'customer.subscription.created', limit: 1 })).data;
    const payload = JSON.stringify({ ...event, id: 'evt_forged' });
    const res = await post(payload, signWebhook(payload, 'whsec_not_the_secret'));
    expect(res.statusCode).toBe(400);
    expect(await userRow(user.id)).toEqual(before);
    const seen = await studio.t.app.db
      .selectFrom('billing_events')
      .select('id')
      .where('id', '=', 'evt_forged')
      .execute();
    expect(seen).toEqual([]);
  });

  it('acts once on an event delivered twice, and ends right when events come out of order', async () => {
    const { agent, user, customer, advance } = await subscriber();
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' })).statusCode).toBe(200);
    const before = await userRow(user.id);
    // The renewal's events are lost on the way (the endpoint is down), then arrive newest first, one of them twice.
    studio.provider.setBillingWebhookUrl('http://127.0.0.1:9/down');
    await advance(32);
    studio.provider.setBillingWebhookUrl(studio.webhookUrl);
    expect(await userRow(user.id)).toEqual(before);
    const handled = new Set(
      (await studio.t.app.db.selectFrom('billing_events').select('id').execute()).map((e) => e.id),
    );
    const lost = (await studio.stripe.events.list({ limit: 50 })).data.filter(
      (e) => (e.data.object as { customer?: string }).customer === customer && !handled.has(e.id),
    );
    expect(lost.map((e) => e.type)).toEqual(expect.arrayContaining(['invoice.paid', 'customer.subscription.updated']));
    for (const e of [...lost, lost[0]]) {
      const payload = JSON.stringify(e);
      expect((await post(payload, signWebhook(payload, studio.provider.billingWebhookSecret))).statusCode).toBe(200);
    }
    const sub = await studio.stripe.subscriptions.retrieve(before.billing_subscription_id!);
    const after = await userRow(user.id);
    expect(after.current_period_end).toBe(new Date(sub.items.data[0].current_period_end * 1000).toISOString());
    expect(Date.parse(after.current_period_end!)).toBeGreaterThan(Date.parse(before.current_period_end!));
    const seen = await studio.t.app.db
      .selectFrom('billing_events')
      .select('id')
      .where(
        'id',
        'in',
        lost.map((e) => e.id),
      )
      .execute();
    expect(seen).toHaveLength(lost.length);
  });
});

describe('the hourly check against the provider', () => {
  it('repairs what a lost webhook left behind', async () => {
    const { agent, user, advance } = await subscriber();
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'premium-annual' })).statusCode).toBe(200);
    expect((await agent.post('/api/v1/subscription/cancel', {})).statusCode).toBe(200);
    studio.provider.setBillingWebhookUrl('http://127.0.0.1:9/down');
    await advance(370);
    studio.provider.setBillingWebhookUrl(studio.webhookUrl);
    expect((await me(agent)).subscription.status).toBe('active');
    const checked = await runBillingReconciliation(studio.t.app.db, studio.t.app.dialect, studio.t.app.billing!);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect((await me(agent)).subscription).toMatchObject({ status: 'expired', stage: 'unsubscriber', read_only: true });
    expect((await userRow(user.id)).subscription_ended_at).not.toBeNull();
  });
});

describe('refusals in words', () => {
  it("a declined card: 'Incorrect card details', no subscription", async () => {
    const { agent, user } = await subscriber('4000 0000 0000 0341');
    const before = await userRow(user.id);
    const res = await agent.post('/api/v1/subscription/subscribe', { plan_id: 'premium-monthly' });
    expect([res.statusCode, res.json().message]).toEqual([422, 'Incorrect card details']);
    expect(res.json().errors).toEqual({ card: ['Incorrect card details'] });
    expect(await userRow(user.id)).toEqual(before);
    expect((await me(agent)).subscription.subscribed).toBe(false);
  });

  it('a renewal the card declines: the payment is incomplete and the account read-only until it is fixed', async () => {
    const { agent, advance } = await subscriber();
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' })).statusCode).toBe(200);
    expect(await saveCard(studio, agent, '4000 0000 0000 0341')).toBe(303);
    const cards = (await agent.get('/api/v1/subscription/cards')).json().data as Array<{ id: string; last4: string }>;
    const bad = cards.find((c) => c.last4 === '0341')!;
    expect((await agent.put(`/api/v1/subscription/cards/${bad.id}`, {})).statusCode).toBe(200);
    await advance(32);
    expect((await me(agent)).subscription).toMatchObject({ has_incomplete_payment: true, read_only: true });
  });

  it('without a card, a plan, or a subscription, says what is missing; the default card stays while it pays', async () => {
    const { agent } = await trialOwner(studio, 0);
    const none = await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' });
    expect([none.statusCode, none.json().message]).toEqual([
      422,
      'Add a card first: your plan is paid with your default card.',
    ]);
    const bad = await agent.post('/api/v1/subscription/subscribe', { plan_id: 'gold' });
    expect(bad.statusCode).toBe(422);
    expect((await agent.post('/api/v1/subscription/swap', { plan_id: 'lite-monthly' })).json().message).toBe(
      'You have no subscription to change: choose a plan first.',
    );
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    expect(await saveCard(studio, agent, '5555 5555 5555 4444')).toBe(303);
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'lite-monthly' })).statusCode).toBe(200);
    const cards = (await agent.get('/api/v1/subscription/cards')).json().data as Array<{
      id: string;
      default: boolean;
    }>;
    const main = cards.find((c) => c.default)!;
    const other = cards.find((c) => !c.default)!;
    const kept = await agent.delete(`/api/v1/subscription/cards/${main.id}`);
    expect([kept.statusCode, kept.json().message]).toEqual([
      422,
      'This card pays for your subscription: make another card the default before removing it.',
    ]);
    expect((await agent.delete(`/api/v1/subscription/cards/${other.id}`)).statusCode).toBe(200);
    expect((await agent.get('/api/v1/subscription/cards')).json().data).toHaveLength(1);
    const again = await agent.post('/api/v1/subscription/subscribe', { plan_id: 'lite-monthly' });
    expect(again.json().message).toBe('You already have a subscription: change its plan instead.');
  });

  it("another owner's card is a 404 and an admin has no subscription to manage", async () => {
    const { agent } = await subscriber();
    const [card] = (await agent.get('/api/v1/subscription/cards')).json().data;
    const other = (await loggedIn(studio.t.app, {})).agent;
    expect((await other.put(`/api/v1/subscription/cards/${card.id}`, {})).statusCode).toBe(404);
    expect((await other.delete(`/api/v1/subscription/cards/${card.id}`)).statusCode).toBe(404);
    const admin = (await loggedIn(studio.t.app, { is_admin: 1 })).agent;
    expect((await admin.get('/api/v1/subscription/plans')).statusCode).toBe(403);
  });
});
