import Stripe from 'stripe';
import { FAILING_CARD } from '../../../dev/stand-ins/stripe';
import { expectDeclined, localStripe, monthlyPrice, saveCard, since, typesSince } from '../../helpers/local-stripe';
import { billing, DAY, failure, FEB10, MAR10, T0 } from '../../helpers/local-stripe-extras';

// Subscription items beside the plan (a "tax" add-on) on the local stand-in for Stripe: prorated when added,
// billed on a line of their own at renewal, kept when the plan item is swapped, gone once removed. The
// subscription has a coupon's discount, which a deleted coupon keeps.
const ctx = localStripe();
let pro: Stripe.Price;
let business: Stripe.Price;
let tax: Stripe.Price;
const { payer, subscribe, latest } = billing(ctx, () => pro);

beforeAll(async () => {
  pro = await monthlyPrice(ctx, 'Pro', 'x_pro_monthly', 1000);
  business = await monthlyPrice(ctx, 'Business', 'x_business_monthly', 2500);
  tax = await monthlyPrice(ctx, 'Tax reports', 'x_tax_monthly', 300);
});

describe('subscription items beside the plan on the local stand-in', () => {
  let customer: Stripe.Customer;
  let clock: Stripe.TestHelpers.TestClock;
  let sub: Stripe.Subscription;
  let addOn: Stripe.SubscriptionItem;
  const JAN26 = T0 + 16 * DAY;
  /** The share of a month's price left on 26 January: 15 of January's 31 days. */
  const share = (amount: number) => Math.round((amount * (FEB10 - JAN26)) / (FEB10 - T0));
  /** A line less the 10 % discount, rounded as each line's discount is. */
  const less10 = (amount: number) => amount - Math.round(amount / 10);

  it('refuses a deleted coupon, while the discounts already made from it go on', async () => {
    const friends = await ctx.stripe.coupons.create({ percent_off: 10, duration: 'forever', name: 'Friends' });
    ({ customer, clock } = await payer(undefined, T0));
    sub = await subscribe(customer.id, { discounts: [{ coupon: friends.id }] });
    expect(await latest(sub)).toMatchObject({ subtotal: 1000, total: 900 });
    const mark = ctx.received.length;
    expect(await ctx.stripe.coupons.del(friends.id)).toEqual({ id: friends.id, object: 'coupon', deleted: true });
    expect(typesSince(ctx, mark)).toEqual(['coupon.deleted']);
    expect(await failure(ctx.stripe.coupons.retrieve(friends.id))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const refused = await failure(subscribe(customer.id, { discounts: [{ coupon: friends.id }] }));
    expect(refused).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'discounts[0][coupon]' });
    expect((await ctx.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
    expect((await ctx.stripe.subscriptions.retrieve(sub.id)).discounts).toHaveLength(1);
  });

  it('adds an item mid-period, charging the rest of the period at once, less the discount', async () => {
    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: JAN26 });
    const mark = ctx.received.length;
    addOn = await ctx.stripe.subscriptionItems.create({
      subscription: sub.id,
      price: tax.id,
      quantity: 1,
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(addOn).toMatchObject({
      object: 'subscription_item',
      subscription: sub.id,
      price: { id: tax.id },
      quantity: 1,
      current_period_start: T0,
      current_period_end: FEB10,
    });
    const now = await ctx.stripe.subscriptions.retrieve(sub.id);
    expect(now.items.data.map((i) => i.price.id)).toEqual([pro.id, tax.id]);
    const invoice = await latest(sub);
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      subtotal: share(300),
      total: less10(share(300)),
    });
    expect(invoice.lines.data[0]).toMatchObject({
      amount: share(300),
      period: { start: JAN26, end: FEB10 },
      parent: { subscription_item_details: { subscription_item: addOn.id, proration: true } },
    });
    expect(typesSince(ctx, mark)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    expect((await ctx.stripe.subscriptionItems.retrieve(addOn.id)).price.id).toBe(tax.id);
    const listed = await ctx.stripe.subscriptionItems.list({ subscription: sub.id });
    expect(listed.data.map((i) => i.id)).toEqual([now.items.data[0].id, addOn.id]);
    expect(await failure(ctx.stripe.subscriptionItems.create({ subscription: sub.id, price: tax.id }))).toMatchObject({
      statusCode: 400,
    });
  });

  it('swaps the plan on the item named, leaving the add-on as it is', async () => {
    const planItem = sub.items.data[0];
    const swapped = await ctx.stripe.subscriptions.update(sub.id, {
      items: [{ id: planItem.id, price: business.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(swapped.items.data.map((i) => [i.id, i.price.id])).toEqual([
      [planItem.id, business.id],
      [addOn.id, tax.id],
    ]);
    const invoice = await latest(swapped);
    const lines = invoice.lines.data.map((l) => l.amount);
    expect(lines.reduce((a, b) => a + b)).toBe(Math.round(((2500 - 1000) * (FEB10 - JAN26)) / (FEB10 - T0)));
    expect(invoice.total).toBe(lines.map(less10).reduce((a, b) => a + b));
    expect(
      invoice.lines.data.every((l) => l.parent!.subscription_item_details!.subscription_item === planItem.id),
    ).toBe(true);
  });

  it('bills every item on its own line at renewal, then drops a removed item from the next', async () => {
    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: FEB10 + DAY });
    const renewal = await latest(sub);
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', subtotal: 2800, total: 2520 });
    expect(renewal.lines.data.map((l) => [l.amount, l.parent!.subscription_item_details!.subscription_item])).toEqual([
      [2500, sub.items.data[0].id],
      [300, addOn.id],
    ]);
    const items = (await ctx.stripe.subscriptions.retrieve(sub.id)).items.data;
    expect(items.map((i) => [i.current_period_start, i.current_period_end])).toEqual([
      [FEB10, MAR10],
      [FEB10, MAR10],
    ]);

    const mark = ctx.received.length;
    const removed = await ctx.stripe.subscriptionItems.del(addOn.id, { proration_behavior: 'none' });
    expect(removed).toMatchObject({ id: addOn.id, object: 'subscription_item', deleted: true });
    expect(typesSince(ctx, mark)).toEqual(['customer.subscription.updated']);
    expect((await latest(sub)).id).toBe(renewal.id);
    const last = (await ctx.stripe.subscriptions.retrieve(sub.id)).items.data;
    expect(last.map((i) => i.price.id)).toEqual([business.id]);
    expect(await failure(ctx.stripe.subscriptionItems.del(last[0].id))).toMatchObject({ statusCode: 400 });

    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: MAR10 + DAY });
    const next = await latest(sub);
    expect(next).toMatchObject({ created: MAR10, subtotal: 2500, total: 2250 });
    expect(next.lines.data).toHaveLength(1);
  });

  it('refuses an add-on the card declines under error_if_incomplete, adding nothing', async () => {
    const other = await payer(undefined, T0);
    const plain = await subscribe(other.customer.id);
    const failing = await saveCard(ctx, other.customer.id, FAILING_CARD);
    await ctx.stripe.customers.update(other.customer.id, { invoice_settings: { default_payment_method: failing } });
    await ctx.stripe.testHelpers.testClocks.advance(other.clock.id, { frozen_time: JAN26 });
    const mark = ctx.received.length;
    await expectDeclined(
      ctx.stripe.subscriptionItems.create({
        subscription: plain.id,
        price: tax.id,
        quantity: 1,
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    );
    expect(since(ctx, mark)).toEqual([]);
    const after = await ctx.stripe.subscriptions.retrieve(plain.id);
    expect(after.items.data).toHaveLength(1);
    expect(after.latest_invoice).toBe(plain.latest_invoice);
    expect(after.status).toBe('active');
  });

  it('signs every billing webhook with the billing endpoint’s own secret', () => {
    expect(ctx.refused).toEqual([]);
  });
});
