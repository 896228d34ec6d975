import Stripe from 'stripe';
import { FAILING_CARD } from '../../../dev/stand-ins/stripe';
import { expectDeclined, localStripe, monthlyPrice, saveCard, since, typesSince } from '../../helpers/local-stripe';

// Charges the local stand-in for Stripe Billing declines: the first one refused outright, a renewal that fails on
// Stripe's 0341 test card, and the way back by paying the open invoice.
const ctx = localStripe();
const DAY = 86_400;
let pro: Stripe.Price;

beforeAll(async () => {
  pro = await monthlyPrice(ctx, 'Pro', 'pro_monthly', 1000);
});

describe('declined charges on the local stand-in for Stripe Billing', () => {
  it('refuses a declined first charge under error_if_incomplete with 402, making nothing', async () => {
    const start = Date.UTC(2027, 0, 31, 9) / 1000;
    const other = await ctx.stripe.testHelpers.testClocks.create({ frozen_time: start });
    const payer = await ctx.stripe.customers.create({ email: 'bo@example.com', test_clock: other.id });
    const failing = await saveCard(ctx, payer.id, FAILING_CARD);
    expect((await ctx.stripe.paymentMethods.retrieve(failing)).card).toMatchObject({ last4: '0341', brand: 'visa' });

    const mark = ctx.received.length;
    const create = () =>
      ctx.stripe.subscriptions.create({
        customer: payer.id,
        items: [{ price: pro.id }],
        payment_behavior: 'error_if_incomplete',
      });
    await expectDeclined(create());
    await ctx.stripe.customers.update(payer.id, { invoice_settings: { default_payment_method: failing } });
    await expectDeclined(create());
    expect((await ctx.stripe.subscriptions.list({ customer: payer.id, status: 'all' })).data).toEqual([]);
    expect((await ctx.stripe.invoices.list({ customer: payer.id })).data).toEqual([]);
    expect(typesSince(ctx, mark)).toEqual(['customer.updated']);

    const incomplete = await ctx.stripe.subscriptions.create({
      customer: payer.id,
      items: [{ price: pro.id }],
      payment_behavior: 'default_incomplete',
    });
    expect(incomplete.status).toBe('incomplete');
    expect((await ctx.stripe.invoices.retrieve(incomplete.latest_invoice as string)).status).toBe('open');
    expect(typesSince(ctx, mark)).toContain('invoice.payment_failed');
  });

  it('makes a renewal declined by the 0341 card past due, then unpaid, until the invoice is paid with another card', async () => {
    const start = Date.UTC(2027, 0, 31, 9) / 1000;
    const own = await ctx.stripe.testHelpers.testClocks.create({ frozen_time: start });
    const payer = await ctx.stripe.customers.create({ email: 'cy@example.com', test_clock: own.id });
    const good = await saveCard(ctx, payer.id, '5555 5555 5555 4444');
    const failing = await saveCard(ctx, payer.id, FAILING_CARD);
    expect((await ctx.stripe.paymentMethods.retrieve(good)).card!.brand).toBe('mastercard');
    await ctx.stripe.customers.update(payer.id, { invoice_settings: { default_payment_method: good } });
    let renewing = await ctx.stripe.subscriptions.create({
      customer: payer.id,
      items: [{ price: pro.id }],
      payment_behavior: 'error_if_incomplete',
    });
    expect(renewing.status).toBe('active');
    // Anchored on 31 January: the month ends on 28 February, the next on 31 March.
    const feb28 = Date.UTC(2027, 1, 28, 9) / 1000;
    const mar31 = Date.UTC(2027, 2, 31, 9) / 1000;
    expect(renewing.items.data[0].current_period_end).toBe(feb28);
    await ctx.stripe.customers.update(payer.id, { invoice_settings: { default_payment_method: failing } });

    let mark = ctx.received.length;
    await ctx.stripe.testHelpers.testClocks.advance(own.id, { frozen_time: feb28 + DAY });
    renewing = await ctx.stripe.subscriptions.retrieve(renewing.id);
    expect(renewing.status).toBe('past_due');
    expect(renewing.items.data[0]).toMatchObject({ current_period_start: feb28, current_period_end: mar31 });
    const open = await ctx.stripe.invoices.retrieve(renewing.latest_invoice as string);
    expect(open).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      amount_due: 1000,
      attempt_count: 1,
    });
    expect(typesSince(ctx, mark)).toEqual(
      expect.arrayContaining(['customer.subscription.updated', 'invoice.created', 'invoice.payment_failed']),
    );
    expect(typesSince(ctx, mark)).not.toContain('invoice.paid');
    const failed = since(ctx, mark).find((e) => e.type === 'invoice.payment_failed')!;
    expect(failed.created).toBe(feb28);
    expect((failed.data.object as Stripe.Invoice).id).toBe(open.id);
    expect((await ctx.stripe.events.list({ type: 'invoice.payment_failed', limit: 1 })).data[0].id).toBe(failed.id);
    expect((await ctx.stripe.events.retrieve(failed.id)).type).toBe('invoice.payment_failed');

    await expectDeclined(ctx.stripe.invoices.pay(open.id));
    await ctx.stripe.testHelpers.testClocks.advance(own.id, { frozen_time: mar31 + DAY });
    expect((await ctx.stripe.subscriptions.retrieve(renewing.id)).status).toBe('unpaid');

    mark = ctx.received.length;
    const paid = await ctx.stripe.invoices.pay(open.id, { payment_method: good });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1000, amount_remaining: 0 });
    expect((await ctx.stripe.subscriptions.retrieve(renewing.id)).status).toBe('active');
    expect(typesSince(ctx, mark)).toEqual([
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    expect(since(ctx, mark)[2].data.previous_attributes).toEqual({ status: 'unpaid' });
  });

  it('signs every billing webhook with the billing endpoint’s own secret', () => {
    expect(ctx.refused).toEqual([]);
  });
});
