import { billingStudio, me, saveCard, trialOwner } from '../../helpers/billing-studio';

/**
 * An owner's subscription from the trial to buying again, on the provider's test clock (spec §1, §4): each step
 * through the app's routes, the provider's webhooks bringing the changes back, and the permissions following.
 */
const studio = billingStudio();
const taxStatus = async (agent: Parameters<typeof me>[0]) =>
  (await agent.get('/api/v1/payments/tax-estimate?year=2026')).statusCode;

describe('a subscription from trial to buying again', () => {
  it('converts, renews, upgrades at once, downgrades at the period end, cancels, resumes, ends and buys again', async () => {
    const { agent, advance, user: owner } = await trialOwner(studio);
    expect(await me(agent)).toMatchObject({ subscription: { status: 'trialing', stage: 'trial', subscribed: false } });

    // A card on the hosted page: a declined one saves nothing, a good one becomes the default.
    expect(await saveCard(studio, agent, '4000 0000 0000 0002')).toBe(402);
    expect((await agent.get('/api/v1/subscription/cards')).json().data).toEqual([]);
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    const [card] = (await agent.get('/api/v1/subscription/cards')).json().data;
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', default: true });

    // Chosen on the trial: the trial carries on and converts at its end.
    const sub = await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' });
    expect([sub.statusCode, sub.json().message]).toEqual([200, 'You have subscribed to Business Monthly.']);
    let user = await me(agent);
    expect(user.subscription).toMatchObject({ status: 'trialing', stage: 'trial', subscribed: true });
    expect(user.subscription.plan_name).toBe('Business Monthly');
    expect((await agent.get('/api/v1/subscription/history')).json().data).toEqual([]);
    expect(await taxStatus(agent)).toBe(200); // a trial has every feature

    // Three days before the trial ends, the reminder: the day, the plan and what the card will be charged.
    await advance(12);
    const mail = await studio.t.app.db.selectFrom('outbox').selectAll().where('recipient', '=', owner.email).execute();
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your free trial ends on \w+day \d+ \w+ \d{4}$/),
    ]);
    expect(mail[0].body).toContain(
      'Your Business Monthly plan starts then, and £24.00 is charged to your default card.',
    );
    await advance(3);
    user = await me(agent);
    expect(user.subscription).toMatchObject({ status: 'active', stage: 'subscriber', valid: true, read_only: false });
    expect(user.subscription.next_billing_date).toEqual(expect.any(String));
    const history = (await agent.get('/api/v1/subscription/history')).json();
    // One page of a list, as the list screen reads it: the whole history at once.
    expect(history.meta).toEqual({ current_page: 1, last_page: 1, per_page: 1, total: 1 });
    const [first] = history.data;
    expect(first).toMatchObject({
      total: 2400,
      currency: 'gbp',
      status: 'paid',
      description: 'Business · Monthly',
    });
    const pdf = await fetch(first.pdf_url);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    expect(await taxStatus(agent)).toBe(403); // Business has no tax

    await advance(31);
    const renewed = (await agent.get('/api/v1/subscription/history')).json().data;
    expect(renewed).toHaveLength(2);
    expect(renewed[0]).toMatchObject({ total: 2400, status: 'paid' });

    // Upgrade: at once, the rest of the period charged pro rata, the features with it.
    await advance(10);
    const up = await agent.post('/api/v1/subscription/swap', { plan_id: 'premium-monthly' });
    expect([up.statusCode, up.json().message]).toEqual([200, 'Your plan is now Premium Monthly.']);
    expect((await me(agent)).subscription.plan_name).toBe('Premium Monthly');
    expect(await taxStatus(agent)).toBe(200);
    const [prorated] = (await agent.get('/api/v1/subscription/history')).json().data;
    expect(prorated.total).toBeGreaterThan(0);
    expect(prorated.total).toBeLessThan(1200);

    // Downgrade: the current plan stays until the next billing date.
    const down = await agent.post('/api/v1/subscription/swap', { plan_id: 'business-monthly' });
    expect(down.statusCode).toBe(200);
    expect(down.json().message).toMatch(/^Your plan changes to Business Monthly on \w+day \d+ \w+ \d{4}\./);
    expect((await me(agent)).subscription).toMatchObject({
      plan_name: 'Premium Monthly',
      pending_plan_name: 'Business Monthly',
    });
    expect(await taxStatus(agent)).toBe(200);
    // Called off by choosing the plan held, then asked for again.
    const keep = await agent.post('/api/v1/subscription/swap', { plan_id: 'premium-monthly' });
    expect(keep.json().message).toBe('You keep Premium Monthly: the change of plan is called off.');
    expect((await me(agent)).subscription).toMatchObject({ plan_name: 'Premium Monthly', pending_plan_name: null });
    expect((await agent.post('/api/v1/subscription/swap', { plan_id: 'business-monthly' })).statusCode).toBe(200);
    await advance(25);
    expect((await me(agent)).subscription).toMatchObject({ plan_name: 'Business Monthly', pending_plan_name: null });
    expect(await taxStatus(agent)).toBe(403);

    // Cancel switches auto-renew off; resume switches it back on; cancelled again, it ends with the period.
    const cancel = await agent.post('/api/v1/subscription/cancel', {});
    expect(cancel.json().message).toMatch(/^Auto-renew is off: your subscription ends on /);
    expect((await me(agent)).subscription).toMatchObject({
      stage: 'gracePeriod',
      next_billing_date: null,
      auto_renew: false,
    });
    expect((await agent.post('/api/v1/subscription/cancel', {})).json().message).toBe('Auto-renew is already off.');
    expect((await agent.post('/api/v1/subscription/resume', {})).statusCode).toBe(200);
    expect((await me(agent)).subscription).toMatchObject({ stage: 'subscriber', ends_at: null, auto_renew: true });
    expect((await agent.post('/api/v1/subscription/cancel', {})).statusCode).toBe(200);
    await advance(32);
    user = await me(agent);
    expect(user.subscription).toMatchObject({ status: 'expired', stage: 'unsubscriber', read_only: true });
    expect((await agent.post('/api/v1/subscription/resume', {})).statusCode).toBe(422);

    // Buy again: a new subscription, charged at once.
    const again = await agent.post('/api/v1/subscription/subscribe', { plan_id: 'lite-annual' });
    expect(again.statusCode).toBe(200);
    user = await me(agent);
    expect(user.subscription).toMatchObject({
      status: 'active',
      stage: 'subscriber',
      read_only: false,
      plan_name: 'Lite Annual',
    });
    expect((await agent.get('/api/v1/subscription/history')).json().data[0]).toMatchObject({
      total: 12000,
      status: 'paid',
    });
  });
});
