import Stripe from 'stripe';
import { FAILING_CARD } from '../../../dev/stand-ins/stripe';
import { expectDeclined, localStripe, monthlyPrice, saveCard, since, typesSince } from '../../helpers/local-stripe';
import { billing, DAY, failure, FEB10, T0 } from '../../helpers/local-stripe-extras';

// One update of several items of a subscription on the local stand-in for Stripe, as the app changes a plan with
// an add-on: both moved from monthly to yearly prices at once (a new period for the whole subscription, billed
// now), declined without changing anything, both swapped on the same cycle (prorated), and refused when the
// items would bill on different intervals.
const ctx = localStripe();
let pro: Stripe.Price;
let proYearly: Stripe.Price;
let business: Stripe.Price;
let tax: Stripe.Price;
let taxYearly: Stripe.Price;
let taxPlus: Stripe.Price;
const { payer, subscribe, latest } = billing(ctx, () => pro);

/** A recurring yearly price in pounds, of the same product as `monthly`. */
const yearlyPrice = (monthly: Stripe.Price, lookupKey: string, amount: number) =>
  ctx.stripe.prices.create({
    product: monthly.product as string,
    currency: 'gbp',
    unit_amount: amount,
    recurring: { interval: 'year' },
    lookup_key: lookupKey,
  });

beforeAll(async () => {
  pro = await monthlyPrice(ctx, 'Pro', 'm_pro_monthly', 1000);
  proYearly = await yearlyPrice(pro, 'm_pro_yearly', 10_000);
  business = await monthlyPrice(ctx, 'Business', 'm_business_monthly', 2500);
  tax = await monthlyPrice(ctx, 'Tax reports', 'm_tax_monthly', 300);
  taxYearly = await yearlyPrice(tax, 'm_tax_yearly', 3000);
  taxPlus = await monthlyPrice(ctx, 'Tax reports plus', 'm_tax_plus_monthly', 500);
});

const JAN26 = T0 + 16 * DAY;
/** A year on from 26 January 2027, 12:00 UTC. */
const JAN26_2028 = Date.UTC(2028, 0, 26, 12) / 1000;
/** What is left on 26 January of a month billed from 10 January: 15 of its 31 days. */
const left = (amount: number) => Math.round((amount * (FEB10 - JAN26)) / (FEB10 - T0));
/** A line less the 10 % discount, rounded as each line's discount is. */
const less10 = (amount: number) => amount - Math.round(amount / 10);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A customer on a clock at T0 with `card`, subscribed to Pro with the Tax reports add-on; the clock then on 26 January. */
async function withAddOn(card?: string, extra: Partial<Stripe.SubscriptionCreateParams> = {}) {
  const { customer, clock } = await payer(card, T0);
  const sub = await subscribe(customer.id, extra);
  const addOn = await ctx.stripe.subscriptionItems.create({
    subscription: sub.id,
    price: tax.id,
    quantity: 1,
    proration_behavior: 'always_invoice',
    payment_behavior: 'error_if_incomplete',
  });
  await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: JAN26 });
  return { customer, clock, sub, planItem: sub.items.data[0], addOn };
}

/** The item and amount of each line of an invoice. */
const linesOf = (invoice: Stripe.Invoice) =>
  invoice.lines.data.map((l) => [l.parent!.subscription_item_details!.subscription_item, l.amount]);

describe('several items of a subscription changed in one update on the local stand-in', () => {
  it('moves the plan and its add-on to yearly prices at once: one invoice now, a new year for both', async () => {
    const friends = await ctx.stripe.coupons.create({ percent_off: 10, duration: 'forever', name: 'Friends' });
    const { customer, clock, sub, planItem, addOn } = await withAddOn(undefined, {
      discounts: [{ coupon: friends.id }],
    });
    const mark = ctx.received.length;
    const moved = await ctx.stripe.subscriptions.update(sub.id, {
      items: [
        { id: planItem.id, price: proYearly.id },
        { id: addOn.id, price: taxYearly.id },
      ],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      metadata: { keep_plan: '' },
    });
    expect(moved).toMatchObject({ status: 'active', billing_cycle_anchor: JAN26 });
    expect(moved.items.data.map((i) => [i.id, i.price.id, i.current_period_start, i.current_period_end])).toEqual([
      [planItem.id, proYearly.id, JAN26, JAN26_2028],
      [addOn.id, taxYearly.id, JAN26, JAN26_2028],
    ]);

    const invoice = await latest(moved);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', created: JAN26 });
    expect(linesOf(invoice)).toEqual([
      [planItem.id, -left(1000)],
      [planItem.id, 10_000],
      [addOn.id, -left(300)],
      [addOn.id, 3000],
    ]);
    expect(invoice.lines.data.map((l) => [l.period.start, l.period.end])).toEqual([
      [JAN26, FEB10],
      [JAN26, JAN26_2028],
      [JAN26, FEB10],
      [JAN26, JAN26_2028],
    ]);
    expect(invoice.lines.data.map((l) => l.parent!.subscription_item_details!.proration)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    const amounts = invoice.lines.data.map((l) => l.amount);
    expect(invoice.subtotal).toBe(13_000 - left(1000) - left(300));
    expect(invoice).toMatchObject({ total: sum(amounts.map(less10)), amount_paid: sum(amounts.map(less10)) });
    expect(typesSince(ctx, mark)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const previous = since(ctx, mark)[0].data.previous_attributes as Partial<Stripe.Subscription>;
    expect(previous.items!.data.map((i) => [i.price.id, i.current_period_end])).toEqual([
      [pro.id, FEB10],
      [tax.id, FEB10],
    ]);

    // Nothing more on 10 February; a year on, both yearly prices renew on one invoice, still discounted.
    await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: JAN26_2028 + DAY });
    const renewal = await latest(moved);
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', created: JAN26_2028, subtotal: 13_000 });
    expect(renewal.total).toBe(11_700);
    expect(linesOf(renewal)).toEqual([
      [planItem.id, 10_000],
      [addOn.id, 3000],
    ]);
    const invoices = await ctx.stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((i) => i.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_update',
      'subscription_update',
      'subscription_create',
    ]);
    const renewed = await ctx.stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data.map((i) => [i.current_period_start, i.current_period_end])).toEqual([
      [JAN26_2028, Date.UTC(2029, 0, 26, 12) / 1000],
      [JAN26_2028, Date.UTC(2029, 0, 26, 12) / 1000],
    ]);
  });

  it('refuses the move the card declines under error_if_incomplete with 402, changing nothing', async () => {
    const { customer, sub, planItem, addOn } = await withAddOn();
    const failing = await saveCard(ctx, customer.id, FAILING_CARD);
    await ctx.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing } });
    const before = await ctx.stripe.subscriptions.retrieve(sub.id);
    const mark = ctx.received.length;
    await expectDeclined(
      ctx.stripe.subscriptions.update(sub.id, {
        items: [
          { id: planItem.id, price: proYearly.id },
          { id: addOn.id, price: taxYearly.id },
        ],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        metadata: { keep_plan: 'pro' },
      }),
    );
    expect(since(ctx, mark)).toEqual([]);
    const after = await ctx.stripe.subscriptions.retrieve(sub.id);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ status: 'active', billing_cycle_anchor: T0, metadata: {} });
    expect(after.items.data.map((i) => [i.price.id, i.current_period_start, i.current_period_end])).toEqual([
      [pro.id, T0, FEB10],
      [tax.id, T0, FEB10],
    ]);
  });

  it('swaps both items on the same cycle at once, prorating each, then replaces and refuses mixed intervals', async () => {
    const { sub, planItem, addOn } = await withAddOn();
    const swapped = await ctx.stripe.subscriptions.update(sub.id, {
      items: [
        { id: planItem.id, price: business.id },
        { id: addOn.id, price: taxPlus.id },
      ],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(swapped).toMatchObject({ billing_cycle_anchor: T0 });
    expect(swapped.items.data.map((i) => [i.id, i.price.id, i.current_period_start, i.current_period_end])).toEqual([
      [planItem.id, business.id, T0, FEB10],
      [addOn.id, taxPlus.id, T0, FEB10],
    ]);
    const invoice = await latest(swapped);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect(linesOf(invoice)).toEqual([
      [planItem.id, -left(1000)],
      [planItem.id, left(2500 - 1000) + left(1000)],
      [addOn.id, -left(300)],
      [addOn.id, left(500 - 300) + left(300)],
    ]);
    expect(invoice.amount_paid).toBe(left(1500) + left(200));
    expect(invoice.lines.data.every((l) => l.period.end === FEB10)).toBe(true);

    // The add-on deleted and another added in one update, without proration: nothing billed now.
    let mark = ctx.received.length;
    const replaced = await ctx.stripe.subscriptions.update(sub.id, {
      items: [{ id: addOn.id, deleted: true }, { price: tax.id }],
      proration_behavior: 'none',
    });
    expect(replaced.items.data.map((i) => i.price.id)).toEqual([business.id, tax.id]);
    expect(replaced.items.data[1]).toMatchObject({ current_period_start: T0, current_period_end: FEB10 });
    expect(replaced.latest_invoice).toBe(invoice.id);
    expect(typesSince(ctx, mark)).toEqual(['customer.subscription.updated']);
    const newAddOn = replaced.items.data[1];

    // Only the plan moved to yearly: its add-on would still bill monthly.
    mark = ctx.received.length;
    const refused = await failure(
      ctx.stripe.subscriptions.update(sub.id, {
        items: [{ id: planItem.id, price: proYearly.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      param: 'items[0][price]',
      message:
        'Currency and interval fields must match across all plans on this subscription. Found mismatch in interval field.',
    });
    expect(since(ctx, mark)).toEqual([]);
    const unchanged = await ctx.stripe.subscriptions.retrieve(sub.id);
    expect(unchanged.items.data.map((i) => i.price.id)).toEqual([business.id, tax.id]);

    // Both moved to yearly without proration: the new year is billed in full now, with no credit.
    const yearly = await ctx.stripe.subscriptions.update(sub.id, {
      items: [
        { id: planItem.id, price: proYearly.id },
        { id: newAddOn.id, price: taxYearly.id },
      ],
      proration_behavior: 'none',
      payment_behavior: 'error_if_incomplete',
    });
    expect(linesOf(await latest(yearly))).toEqual([
      [planItem.id, 10_000],
      [newAddOn.id, 3000],
    ]);
    expect(yearly.items.data.every((i) => i.current_period_end === JAN26_2028)).toBe(true);
  });

  it('signs every billing webhook with the billing endpoint’s own secret', () => {
    expect(ctx.refused).toEqual([]);
  });
});
