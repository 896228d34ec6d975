import Stripe from 'stripe';
import { localStripe, monthlyPrice, since, typesSince } from '../../helpers/local-stripe';
import { APR10, billing, DAY, failure, FEB10, MAR10, T0 } from '../../helpers/local-stripe-extras';

// Coupons on the local stand-in for Stripe and the discounts they make on a subscription's invoices while they
// last, driven by the real SDK as the app drives it.
const ctx = localStripe();
let pro: Stripe.Price;
const { payer, subscribe, latest } = billing(ctx, () => pro);

beforeAll(async () => {
  pro = await monthlyPrice(ctx, 'Pro', 'x_pro_monthly', 1000);
});

describe('coupons and discounts on the local stand-in', () => {
  it('creates, retrieves and validates coupons as Stripe does', async () => {
    const coupon = await ctx.stripe.coupons.create({
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 2,
      name: 'Launch',
      metadata: { campaign: 'launch' },
    });
    expect(coupon).toMatchObject({
      object: 'coupon',
      percent_off: 25,
      amount_off: null,
      currency: null,
      duration: 'repeating',
      duration_in_months: 2,
      max_redemptions: null,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
      name: 'Launch',
      metadata: { campaign: 'launch' },
    });
    expect(await ctx.stripe.coupons.retrieve(coupon.id)).toEqual(coupon);
    const refused = [
      ctx.stripe.coupons.create({ percent_off: 0, duration: 'once' }),
      ctx.stripe.coupons.create({ percent_off: 101, duration: 'once' }),
      ctx.stripe.coupons.create({ amount_off: 500, duration: 'once' }),
      ctx.stripe.coupons.create({ percent_off: 10, amount_off: 500, currency: 'gbp', duration: 'once' }),
      ctx.stripe.coupons.create({ duration: 'once' }),
      ctx.stripe.coupons.create({ percent_off: 10, duration: 'repeating' }),
      ctx.stripe.coupons.create({ percent_off: 10, duration: 'forever', duration_in_months: 3 }),
      ctx.stripe.coupons.create({ percent_off: 10, max_redemptions: 0 }),
      ctx.stripe.coupons.create({ percent_off: 10, redeem_by: Math.floor(Date.now() / 1000) - 60 }),
      ctx.stripe.coupons.create({ id: coupon.id, percent_off: 10 }),
    ];
    for (const call of refused) expect(await failure(call)).toMatchObject({ statusCode: 400 });
    expect((await failure(ctx.stripe.coupons.create({ duration: 'once', amount_off: 5 }))).param).toBe('currency');
    expect((await ctx.stripe.coupons.create({ percent_off: 10 })).duration).toBe('once');
  });

  it('takes 25 % off every invoice for two months of a repeating coupon, then bills in full', async () => {
    const coupon = await ctx.stripe.coupons.create({
      id: 'LAUNCH25',
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 2,
      name: 'Launch',
    });
    const { customer, clock } = await payer(undefined, T0);
    let mark = ctx.received.length;
    const sub = await subscribe(customer.id, { discounts: [{ coupon: coupon.id }], expand: ['discounts'] });
    const discount = sub.discounts[0] as Stripe.Discount;
    expect(discount).toMatchObject({
      object: 'discount',
      source: { type: 'coupon', coupon: 'LAUNCH25' },
      start: T0,
      end: MAR10,
      subscription: sub.id,
      customer: customer.id,
    });
    expect(typesSince(ctx, mark)).toEqual([
      'customer.discount.created',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const plain = await ctx.stripe.subscriptions.retrieve(sub.id);
    expect(plain.discounts).toEqual([discount.id]);
    const expanded = await ctx.stripe.subscriptions.retrieve(sub.id, { expand: ['discounts.source.coupon'] });
    expect((expanded.discounts[0] as Stripe.Discount).source.coupon).toMatchObject({ id: 'LAUNCH25', percent_off: 25 });
    expect(await ctx.stripe.coupons.retrieve('LAUNCH25')).toMatchObject({ times_redeemed: 1, valid: true });

    const first = await latest(sub);
    expect(first).toMatchObject({
      status: 'paid',
      subtotal: 1000,
      total: 750,
      amount_due: 750,
      amount_paid: 750,
      discounts: [discount.id],
      total_discount_amounts: [{ amount: 250, discount: discount.id }],
    });
    expect(first.lines.data[0]).toMatchObject({
      amount: 1000,
      discount_amounts: [{ amount: 250, discount: discount.id }],
    });
    expect(await (await fetch(first.hosted_invoice_url!)).text()).toContain('Launch (25% off)');

    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: FEB10 + DAY });
    const second = await latest(sub);
    expect(second).toMatchObject({ billing_reason: 'subscription_cycle', created: FEB10, subtotal: 1000, total: 750 });
    expect((await ctx.stripe.subscriptions.retrieve(sub.id)).discounts).toEqual([discount.id]);

    mark = ctx.received.length;
    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: APR10 + DAY });
    expect(typesSince(ctx, mark).slice(0, 2)).toEqual(['customer.discount.deleted', 'customer.subscription.updated']);
    expect(since(ctx, mark)[0].created).toBe(MAR10);
    expect(since(ctx, mark)[1].data.previous_attributes).toEqual({ discounts: [discount.id] });
    const invoices = (await ctx.stripe.invoices.list({ subscription: sub.id })).data;
    expect(invoices.map((i) => [i.created, i.total, i.discounts.length])).toEqual([
      [APR10, 1000, 0],
      [MAR10, 1000, 0],
      [FEB10, 750, 1],
      [T0, 750, 1],
    ]);
    expect((await ctx.stripe.subscriptions.retrieve(sub.id)).discounts).toEqual([]);
  });

  it('takes a fixed amount off one invoice only, never below zero, and stops at max_redemptions', async () => {
    const coupon = await ctx.stripe.coupons.create({
      amount_off: 300,
      currency: 'gbp',
      duration: 'once',
      name: 'Welcome',
      max_redemptions: 2,
    });
    const { customer, clock } = await payer(undefined, T0);
    const sub = await subscribe(customer.id, { discounts: [{ coupon: coupon.id }] });
    expect(await latest(sub)).toMatchObject({ subtotal: 1000, total: 700, amount_paid: 700 });
    const mark = ctx.received.length;
    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: FEB10 + DAY });
    expect(await latest(sub)).toMatchObject({ subtotal: 1000, total: 1000, discounts: [] });
    expect(typesSince(ctx, mark)[0]).toBe('customer.discount.deleted');
    expect((await ctx.stripe.subscriptions.retrieve(sub.id)).discounts).toEqual([]);

    const big = await ctx.stripe.coupons.create({ amount_off: 5000, currency: 'gbp', duration: 'forever' });
    const other = await payer(undefined, T0);
    const free = await subscribe(other.customer.id, { discounts: [{ coupon: big.id }, { coupon: coupon.id }] });
    expect(await latest(free)).toMatchObject({ subtotal: 1000, total: 0, amount_due: 0, status: 'paid' });
    expect(await ctx.stripe.coupons.retrieve(coupon.id)).toMatchObject({ times_redeemed: 2, valid: false });
    const spent = await failure(subscribe(other.customer.id, { discounts: [{ coupon: coupon.id }] }));
    expect(spent).toMatchObject({ statusCode: 400, code: 'coupon_expired', param: 'discounts[0][coupon]' });
    const dollars = await ctx.stripe.coupons.create({ amount_off: 100, currency: 'usd', duration: 'once' });
    expect(await failure(subscribe(other.customer.id, { discounts: [{ coupon: dollars.id }] }))).toMatchObject({
      statusCode: 400,
    });
  });
  it('keeps a once discount through a trial’s £0 invoice for the first invoice that charges', async () => {
    const half = await ctx.stripe.coupons.create({ percent_off: 50, duration: 'once', name: 'Half' });
    const { customer, clock } = await payer(undefined, T0);
    const sub = await subscribe(customer.id, { discounts: [{ coupon: half.id }], trial_period_days: 14 });
    const discount = sub.discounts[0] as string;
    expect(await latest(sub)).toMatchObject({
      subtotal: 0,
      total: 0,
      discounts: [discount],
      total_discount_amounts: [{ amount: 0, discount }],
    });
    const trialEnd = T0 + 14 * DAY;
    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: trialEnd + DAY });
    expect(await latest(sub)).toMatchObject({ created: trialEnd, subtotal: 1000, total: 500, amount_paid: 500 });
    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: trialEnd + 32 * DAY });
    expect(await latest(sub)).toMatchObject({ subtotal: 1000, total: 1000, discounts: [] });
  });

  it('signs every billing webhook with the billing endpoint’s own secret', () => {
    expect(ctx.refused).toEqual([]);
  });
});
