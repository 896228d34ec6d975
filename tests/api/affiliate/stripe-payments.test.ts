import { signWebhook } from '../../../dev/stand-ins/stripe/events';
import { planById } from '../../../src/domain/plans';
import { Agent, createUser } from '../../helpers/app';
import { billingStudio, saveCard, trialOwner } from '../../helpers/billing-studio';

/**
 * The plan payments an affiliate earns on are the app's own records: each subscription invoice the card provider
 * reports paid (`invoice.paid`) is kept once, in its currency and amount, marked as a plan's; a renewal adds one more.
 * The owner, brought by the affiliate, pays their plan less the affiliate's discount.
 */
const studio = billingStudio();

const kept = (userId: number) =>
  studio.t.app.db
    .selectFrom('subscription_payments')
    .select(['provider', 'kind', 'status', 'amount', 'currency', 'payment_id', 'paid_at'])
    .where('user_id', '=', userId)
    .orderBy('paid_at')
    .execute();

describe("a referred owner's plan payments", () => {
  it('are kept once each as the provider reports them paid, and earn their affiliate the commission', async () => {
    const affiliate = await createUser(studio.t.app, { email: 'stripe-affiliate@example.com' });
    await studio.t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', affiliate.id).execute();
    await studio.t.app.db
      .insertInto('affiliate_settings')
      .values({
        user_id: affiliate.id,
        percent_amount: 20,
        percent_discount_amount: 10,
        updated_at: new Date().toISOString(),
      })
      .execute();
    const { agent, user, advance } = await trialOwner(studio, 0);
    await studio.t.app.db.updateTable('users').set({ referred_by: affiliate.id }).where('id', '=', user.id).execute();
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'business-monthly' })).statusCode).toBe(200);
    await studio.provider.delivered();

    const first = await kept(user.id);
    expect(first).toEqual([
      expect.objectContaining({ provider: 'stripe', kind: 'plan', status: 'paid', currency: 'gbp' }),
    ]);
    const amount = first[0].amount;
    // The affiliate's 10 % off the plan's price, their referral discount.
    expect(amount).toBe(Math.round(planById('business-monthly')!.prices.gbp * 0.9));
    // The provider's own record of it: the same invoice, the same amount.
    const invoice = (await studio.stripe.invoices.list({ limit: 100 })).data.find((i) => i.id === first[0].payment_id)!;
    expect(invoice.amount_paid).toBe(amount);

    // A renewal a month on is one more payment; events delivered again add nothing.
    await advance(32);
    const after = await kept(user.id);
    expect(after).toHaveLength(2);
    expect(new Set(after.map((p) => p.payment_id)).size).toBe(2);

    // Its affiliate earned 20 % of both, not yet due (60 days after each payment).
    const partner = new Agent(studio.t.app);
    await partner.login(affiliate.email, affiliate.password);
    const stat = (await partner.get('/api/v1/affiliate/statistic')).json().data;
    const earned = after.reduce((sum, p) => sum + Math.round((p.amount * 20) / 100), 0);
    expect(stat).toMatchObject({ earnings: earned, pending: earned, owed: 0, paid: 0, subscribed: 1 });
  });

  it("keeps a refund made at the provider as a row of its own, and the affiliate's earnings net of it", async () => {
    const affiliate = await createUser(studio.t.app, { email: 'refund-affiliate@example.com' });
    await studio.t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', affiliate.id).execute();
    await studio.t.app.db
      .insertInto('affiliate_settings')
      .values({ user_id: affiliate.id, percent_amount: 20, updated_at: new Date().toISOString() })
      .execute();
    const { agent, user, advance } = await trialOwner(studio, 0);
    await studio.t.app.db.updateTable('users').set({ referred_by: affiliate.id }).where('id', '=', user.id).execute();
    expect(await saveCard(studio, agent, '4242 4242 4242 4242')).toBe(303);
    expect((await agent.post('/api/v1/subscription/subscribe', { plan_id: 'lite-monthly' })).statusCode).toBe(200);
    await studio.provider.delivered();
    await advance(32);
    const [first, second] = await kept(user.id);

    // An admin refunds part of the second payment in the provider's dashboard: found by the invoice's payment.
    const payments = await studio.stripe.invoicePayments.list({ invoice: second.payment_id });
    const intent = payments.data[0].payment.payment_intent as string;
    const refund = await studio.stripe.refunds.create({ payment_intent: intent, amount: 500 });
    await studio.provider.delivered();
    const rows = await kept(user.id);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      provider: 'stripe',
      kind: 'plan',
      status: 'refunded',
      amount: -500,
      currency: 'gbp',
      payment_id: refund.id,
    });
    // Announced again as its status moves (`refund.updated`, another event of the same refund), it is kept once.
    const event = (await studio.stripe.events.list({ type: 'refund.created', limit: 1 })).data[0];
    const again = JSON.stringify({ ...event, id: `${event.id}_updated`, type: 'refund.updated' });
    const res = await fetch(studio.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(again, studio.provider.billingWebhookSecret),
      },
      body: again,
    });
    expect(res.status).toBe(200);
    expect(await kept(user.id)).toHaveLength(3);

    // 20 % of each payment, less 20 % of the refund: a hand computation over the three rows.
    const partner = new Agent(studio.t.app);
    await partner.login(affiliate.email, affiliate.password);
    const stat = (await partner.get('/api/v1/affiliate/statistic')).json().data;
    const earned = Math.round((first.amount * 20) / 100) + Math.round((second.amount * 20) / 100) - 100;
    expect(stat).toMatchObject({ earnings: earned, owed: 0, paid: 0 });
  });
});
