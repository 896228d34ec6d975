import Stripe from 'stripe';
import { saveCard, type LocalStripe } from './local-stripe';

/** What the tests of the stand-in's one-off invoices, coupons and subscription items share. */
export const DAY = 86_400;
/** 10 January 2027, 12:00 UTC, and the same time on the 10th of the months after. */
export const T0 = Date.UTC(2027, 0, 10, 12) / 1000;
export const FEB10 = Date.UTC(2027, 1, 10, 12) / 1000;
export const MAR10 = Date.UTC(2027, 2, 10, 12) / 1000;
export const APR10 = Date.UTC(2027, 3, 10, 12) / 1000;

/** What a Stripe call fails with (it must fail). */
export async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Stripe.errors.StripeError);
  return err as Stripe.errors.StripeError;
}

/** Steps the app takes, on the stand-in of `ctx`; `plan()` is the price subscriptions are made with. */
export function billing(ctx: LocalStripe, plan: () => Stripe.Price) {
  return {
    /** A customer (on a new test clock at `start` when given) whose default card is `card`. */
    async payer(card = '4242 4242 4242 4242', start?: number) {
      const clock = start ? await ctx.stripe.testHelpers.testClocks.create({ frozen_time: start }) : null;
      const customer = await ctx.stripe.customers.create({
        email: 'owner@example.com',
        name: 'Owner',
        ...(clock ? { test_clock: clock.id } : {}),
      });
      const method = await saveCard(ctx, customer.id, card);
      await ctx.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method } });
      return { customer, clock: clock!, method };
    },

    /** A draft one-off invoice for buying SMS credits, with its one item, as the app makes it. */
    async smsInvoice(customer: string, amount: number) {
      const draft = await ctx.stripe.invoices.create({
        customer,
        collection_method: 'charge_automatically',
        auto_advance: false,
        currency: 'gbp',
        description: '500 SMS credits',
        metadata: { kind: 'sms_credits', credits: '500' },
      });
      const item = await ctx.stripe.invoiceItems.create({
        customer,
        invoice: draft.id!,
        amount,
        currency: 'gbp',
        description: '500 SMS credits',
        metadata: { kind: 'sms_credits' },
      });
      return { draft, item };
    },

    /** A subscription to the plan, charged at once or refused, as the app subscribes. */
    subscribe: (customer: string, extra: Partial<Stripe.SubscriptionCreateParams> = {}) =>
      ctx.stripe.subscriptions.create({
        customer,
        items: [{ price: plan().id }],
        payment_behavior: 'error_if_incomplete',
        ...extra,
      }),

    /** The subscription's latest invoice as it is now. */
    latest: async (sub: Stripe.Subscription) =>
      ctx.stripe.invoices.retrieve((await ctx.stripe.subscriptions.retrieve(sub.id)).latest_invoice as string),
  };
}
