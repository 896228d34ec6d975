import Stripe from 'stripe';
import { localStripe, monthlyPrice, since, submitCard, typesSince } from '../../helpers/local-stripe';
import { pdfPages } from '../../helpers/pdf-text';

// The local stand-in for Stripe Billing, driven by the real SDK as the app drives it: every webhook it sends must
// verify with the billing endpoint's secret, and what its objects say must be what Stripe would say.
const ctx = localStripe();
const DAY = 86_400;
/** 10 January 2027, 12:00 UTC: where the clock starts. */
const T0 = Date.UTC(2027, 0, 10, 12) / 1000;

let pro: Stripe.Price;
let business: Stripe.Price;

beforeAll(async () => {
  pro = await monthlyPrice(ctx, 'Pro', 'pro_monthly', 1000);
  business = await monthlyPrice(ctx, 'Business', 'business_monthly', 2500);
});

describe('the local stand-in for Stripe Billing', () => {
  let clock: Stripe.TestHelpers.TestClock;
  let customer: Stripe.Customer;
  let card: string;

  it('keeps a customer on a test clock, made at the clock’s time', async () => {
    clock = await ctx.stripe.testHelpers.testClocks.create({ frozen_time: T0, name: 'trial' });
    expect(clock).toMatchObject({ object: 'test_helpers.test_clock', frozen_time: T0, status: 'ready' });
    customer = await ctx.stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { account_id: '7' },
      test_clock: clock.id,
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ada@example.com',
      test_clock: clock.id,
      created: T0,
      invoice_settings: { default_payment_method: null },
    });
    expect((await ctx.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const missing = await ctx.stripe.customers.retrieve('cus_nobody').catch((e: Stripe.errors.StripeError) => e);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('saves a card on the setup-mode Checkout page, refusing the declining card, without making it the default', async () => {
    const session = await ctx.stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'gbp',
      success_url: 'http://app.test/billing?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/billing',
      metadata: { account_id: '7' },
    });
    expect(session).toMatchObject({ mode: 'setup', status: 'open', setup_intent: null, customer: customer.id });
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Save your card');
    expect(html).toContain('name="expiry"');
    expect(html).toContain('value="cancel"');

    const mark = ctx.received.length;
    const declined = await submitCard(session.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Incorrect card details');
    expect((await ctx.stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toEqual([]);
    expect(since(ctx, mark)).toEqual([]);

    const saved = await submitCard(session.url!, '4242 4242 4242 4242');
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`http://app.test/billing?session=${session.id}`);
    const done = await ctx.stripe.checkout.sessions.retrieve(session.id);
    expect(done.status).toBe('complete');
    const intent = await ctx.stripe.setupIntents.retrieve(done.setup_intent as string);
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer: customer.id });
    card = intent.payment_method as string;
    const method = await ctx.stripe.paymentMethods.retrieve(card);
    expect(method).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit' },
    });
    expect(
      (await ctx.stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data.map((m) => m.id),
    ).toEqual([card]);
    expect(typesSince(ctx, mark)).toEqual([
      'payment_method.attached',
      'setup_intent.succeeded',
      'checkout.session.completed',
    ]);
    const completed = since(ctx, mark)[2].data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, mode: 'setup', setup_intent: intent.id });
    expect(since(ctx, mark)[2].created).toBe(T0);
    const after = (await ctx.stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBeNull();
    expect((await fetch(session.url!)).status).toBe(410);
  });

  it('sets the customer’s default card, only to one of their own', async () => {
    const mark = ctx.received.length;
    const updated = await ctx.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: card },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(card);
    expect(typesSince(ctx, mark)).toEqual(['customer.updated']);
    expect(since(ctx, mark)[0].data.previous_attributes).toMatchObject({
      invoice_settings: { default_payment_method: null },
    });
    const other = await ctx.stripe.customers.create({ email: 'other@example.com' });
    const refusedCard = await ctx.stripe.customers
      .update(other.id, { invoice_settings: { default_payment_method: card } })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(refusedCard).toMatchObject({ statusCode: 400, param: 'invoice_settings[default_payment_method]' });
  });

  let sub: Stripe.Subscription;

  it('starts a trial without charging, and charges the first month when the clock passes the trial’s end', async () => {
    let mark = ctx.received.length;
    sub = await ctx.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro.id }],
      trial_period_days: 14,
      payment_behavior: 'error_if_incomplete',
      metadata: { account_id: '7' },
    });
    const trialEnd = T0 + 14 * DAY;
    expect(sub).toMatchObject({
      object: 'subscription',
      status: 'trialing',
      customer: customer.id,
      trial_start: T0,
      trial_end: trialEnd,
      start_date: T0,
      cancel_at_period_end: false,
      test_clock: clock.id,
      metadata: { account_id: '7' },
    });
    expect(sub.items.data[0]).toMatchObject({
      object: 'subscription_item',
      price: { id: pro.id, lookup_key: 'pro_monthly' },
      quantity: 1,
      current_period_start: T0,
      current_period_end: trialEnd,
    });
    const trialInvoice = await ctx.stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(trialInvoice).toMatchObject({ status: 'paid', amount_due: 0, billing_reason: 'subscription_create' });
    expect(typesSince(ctx, mark)[0]).toBe('customer.subscription.created');
    expect(typesSince(ctx, mark)).toEqual(expect.arrayContaining(['invoice.created', 'invoice.paid']));

    mark = ctx.received.length;
    const advanced = await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 15 * DAY });
    expect(advanced).toMatchObject({ status: 'ready', frozen_time: T0 + 15 * DAY });
    sub = await ctx.stripe.subscriptions.retrieve(sub.id);
    expect(sub.status).toBe('active');
    // 24 January to 24 February: a calendar month from the trial's end.
    expect(sub.items.data[0].current_period_start).toBe(trialEnd);
    expect(sub.items.data[0].current_period_end).toBe(Date.UTC(2027, 1, 24, 12) / 1000);
    const invoices = await ctx.stripe.invoices.list({ customer: customer.id, limit: 10 });
    expect(invoices.data.map((i) => i.id)).toEqual([sub.latest_invoice, trialInvoice.id]);
    const invoice = invoices.data[0];
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_due: 1000,
      amount_paid: 1000,
      total: 1000,
      currency: 'gbp',
      created: trialEnd,
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect(invoice.number).toMatch(/^LOCAL-\d{4}$/);
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 1000,
      period: { start: trialEnd, end: sub.items.data[0].current_period_end },
    });
    const types = typesSince(ctx, mark);
    expect(types).toEqual([
      'customer.subscription.trial_will_end',
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    expect(since(ctx, mark)[0].created).toBe(trialEnd - 3 * DAY);
    const updated = since(ctx, mark)[1];
    expect(updated.created).toBe(trialEnd);
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });
    expect((since(ctx, mark)[4].data.object as Stripe.Invoice).id).toBe(invoice.id);

    const pdf = Buffer.from(await (await fetch(invoice.invoice_pdf!)).arrayBuffer());
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfPages(pdf).join('\n');
    expect(text).toContain(invoice.number!);
    expect(text).toContain('£10.00');
    const hosted = await fetch(invoice.hosted_invoice_url!);
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain(invoice.number!);
  });

  it('prorates an upgrade invoiced at once, and changes the price alone without proration', async () => {
    const now = T0 + 15 * DAY;
    const item = sub.items.data[0];
    const share = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
    const mark = ctx.received.length;
    const upgraded = await ctx.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: business.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      metadata: { keep_plan: 'pro' },
    });
    expect(upgraded.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: business.id },
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    });
    expect(upgraded.metadata).toEqual({ account_id: '7', keep_plan: 'pro' });
    const invoice = await ctx.stripe.invoices.retrieve(upgraded.latest_invoice as string);
    const expected = Math.round((2500 - 1000) * share);
    expect(expected).toBe(1452);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', amount_due: expected, status: 'paid' });
    expect(invoice.lines.data.map((l) => l.amount).reduce((a, b) => a + b)).toBe(expected);
    expect(typesSince(ctx, mark)[0]).toBe('customer.subscription.updated');
    const previous = since(ctx, mark)[0].data.previous_attributes as Partial<Stripe.Subscription>;
    expect(previous.items!.data[0].price.id).toBe(pro.id);
    expect(previous.metadata).toEqual({ account_id: '7' });
    expect(typesSince(ctx, mark)).toContain('invoice.paid');

    const down = await ctx.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: pro.id }],
      proration_behavior: 'none',
      metadata: { keep_plan: '' },
    });
    expect(down.items.data[0].price.id).toBe(pro.id);
    expect(down.latest_invoice).toBe(upgraded.latest_invoice);
    expect(down.metadata).toEqual({ account_id: '7' });
  });

  it('cancels at the period’s end when the clock gets there', async () => {
    const end = sub.items.data[0].current_period_end;
    let mark = ctx.received.length;
    sub = await ctx.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    expect(since(ctx, mark)[0].data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });

    mark = ctx.received.length;
    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + DAY });
    sub = await ctx.stripe.subscriptions.retrieve(sub.id);
    expect(sub).toMatchObject({ status: 'canceled', ended_at: end });
    expect(typesSince(ctx, mark)).toEqual(['customer.subscription.deleted']);
    expect(since(ctx, mark)[0].created).toBe(end);
    expect((await ctx.stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(3);
    expect((await ctx.stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect(
      (await ctx.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map((s) => s.id),
    ).toEqual([sub.id]);
  });

  it('signs every billing webhook with the billing endpoint’s own secret', () => {
    expect(ctx.refused).toEqual([]);
    expect(ctx.received.length).toBeGreaterThan(20);
    expect(ctx.provider.billingWebhookSecret).not.toBe(ctx.provider.webhookSecret);
  });
});
