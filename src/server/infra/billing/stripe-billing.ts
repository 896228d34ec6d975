import Stripe from 'stripe';
import { addonById, planById } from '../../../domain/plans';
import { WebhookSignatureError } from '../payments/provider';
import { idOf, readBillingEvent } from './stripe-billing-events';
import { chargeOnce, ensureCoupon } from './stripe-charges';
import { addonOfKey, planOfKey, stripePrices } from './stripe-prices';
import {
  CardDeclinedError,
  type BillingInvoice,
  type BillingProvider,
  type BillingStatus,
  type BillingSubscription,
  type PaidFor,
} from './provider';

const iso = (unix: number | null | undefined) => (unix ? new Date(unix * 1000).toISOString() : null);
const unix = (isoDate: string) => Math.floor(Date.parse(isoDate) / 1000);

/** The subscription's plan item: the one whose price is a plan's (add-ons are the others). */
const planItem = (s: Stripe.Subscription) => s.items.data.find((i) => planOfKey(i.price.lookup_key)) ?? s.items.data[0];

/** Add-ons cancelled but paid to the end of the period: `addon_<id>_until` in the metadata, as ISO instants. */
function keptAddons(metadata: Stripe.Metadata | null | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    const id = /^addon_(\w+)_until$/.exec(key)?.[1];
    if (id && Number(value)) kept[id] = new Date(Number(value) * 1000).toISOString();
  }
  return kept;
}

/** A card decline from Stripe, as the spec's 'Incorrect card details'; anything else passes on. */
async function declines<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(err.message);
    throw err;
  }
}

/**
 * Stripe Billing through the official SDK: a customer per account; cards saved on Stripe's hosted page (Checkout
 * in setup mode), the default one the customer's invoice setting; a subscription per account to a price per plan
 * and currency (found by lookup key, created when missing, VAT included); upgrades prorated and invoiced at once,
 * downgrades billed from the next renewal; cancelling is `cancel_at_period_end`. Webhooks are verified with the
 * endpoint's signing secret. `apiUrl` points the same SDK at another Stripe-compatible server.
 */
export function stripeBilling(options: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
  /** Each new customer on a test clock of its own (test mode only): see `Config.stripeTestClocks`. */
  testClocks?: boolean;
}): BillingProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  const prices = stripePrices(stripe);
  /** What an invoice billed: a bundle (its metadata), else the plan or add-on its first line's price is for. */
  async function paidFor(invoice: Stripe.Invoice): Promise<PaidFor | null> {
    if (invoice.metadata?.bundle_id) return { kind: 'bundle', id: invoice.metadata.bundle_id };
    const price = invoice.lines?.data?.[0]?.pricing?.price_details?.price;
    const key = price ? await prices.keyOf(typeof price === 'string' ? price : price.id) : null;
    const plan = planOfKey(key);
    if (plan) return { kind: 'plan', id: plan };
    const addon = addonOfKey(key);
    return addon ? { kind: 'addon', id: addon } : null;
  }

  const toSubscription = (s: Stripe.Subscription): BillingSubscription => {
    const item = planItem(s);
    const keepUntil = Number(s.metadata?.keep_until) || null;
    return {
      id: s.id,
      customerId: idOf(s.customer)!,
      status: s.status as BillingStatus,
      planId: planOfKey(item?.price.lookup_key),
      addons: s.items.data.flatMap((i) => addonOfKey(i.price.lookup_key) ?? []),
      keptAddons: keptAddons(s.metadata),
      keepPlanId: s.metadata?.keep_plan || null,
      keepUntil: iso(keepUntil),
      periodStart: iso(item?.current_period_start)!,
      periodEnd: iso(item?.current_period_end)!,
      cancelAtPeriodEnd: s.cancel_at_period_end,
      trialEnd: iso(s.trial_end),
      endedAt: iso(s.ended_at),
    };
  };

  return {
    name: 'stripe',
    async createCustomer(account) {
      const clock =
        options.testClocks && options.secretKey.startsWith('sk_test_')
          ? await stripe.testHelpers.testClocks.create({
              frozen_time: Math.floor(Date.now() / 1000),
              name: `Account ${account.id}`,
            })
          : null;
      const c = await stripe.customers.create({
        email: account.email,
        name: account.name,
        metadata: { account_id: String(account.id) },
        ...(clock ? { test_clock: clock.id } : {}),
      });
      return c.id;
    },
    async cardSetup(customerId, page) {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customerId,
        currency: page.currency,
        success_url: page.successUrl,
        cancel_url: page.cancelUrl,
      });
      return { url: session.url! };
    },
    async cards(customerId) {
      const customer = await stripe.customers.retrieve(customerId);
      const preferred = 'deleted' in customer ? null : idOf(customer.invoice_settings?.default_payment_method);
      const list = await stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 });
      return list.data.map((pm) => ({
        id: pm.id,
        brand: pm.card?.brand ?? 'card',
        last4: pm.card?.last4 ?? '',
        exp_month: pm.card?.exp_month ?? 0,
        exp_year: pm.card?.exp_year ?? 0,
        default: pm.id === preferred,
      }));
    },
    async setDefaultCard(customerId, cardId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: cardId } });
    },
    async removeCard(_customerId, cardId) {
      await stripe.paymentMethods.detach(cardId);
    },
    async subscribe(customerId, plan, currency, opts) {
      const s = await declines(
        stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: await prices.plan(plan, currency) }],
          payment_behavior: 'error_if_incomplete',
          ...(opts.trialEnd ? { trial_end: unix(opts.trialEnd) } : {}),
          ...(opts.coupon ? { discounts: [{ coupon: await ensureCoupon(stripe, opts.coupon) }] } : {}),
          metadata: { account_id: String(opts.accountId) },
        }),
      );
      return toSubscription(s);
    },
    async changePlan(subscriptionId, plan, currency, change) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = planItem(current)!;
      // Every item of a subscription bills at one interval: add-ons follow the plan's.
      const addonItems = await Promise.all(
        current.items.data.flatMap((i) => {
          const addon = addonById(addonOfKey(i.price.lookup_key) ?? '');
          return addon ? [prices.addon(addon, plan.interval, currency).then((price) => ({ id: i.id, price }))] : [];
        }),
      );
      const s = await declines(
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: await prices.plan(plan, currency) }, ...addonItems],
          proration_behavior: change.now ? 'always_invoice' : 'none',
          payment_behavior: 'error_if_incomplete',
          // Stripe removes a metadata key set to ''.
          metadata: change.keep
            ? { keep_plan: change.keep.id, keep_until: String(item.current_period_end) }
            : { keep_plan: '', keep_until: '' },
        }),
      );
      return toSubscription(s);
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return toSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },
    async subscription(subscriptionId) {
      return toSubscription(await stripe.subscriptions.retrieve(subscriptionId));
    },
    async latestSubscription(customerId) {
      const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 1 });
      return list.data[0] ? toSubscription(list.data[0]) : null;
    },
    async invoices(customerId) {
      const list = await stripe.invoices.list({ customer: customerId, limit: 24 });
      // A trial starts with a £0 invoice: nothing was billed, so the history leaves it out.
      return Promise.all(
        list.data
          .filter((i) => i.total !== 0)
          .map(async (i): Promise<BillingInvoice> => ({
            id: i.id!,
            number: i.number,
            paid_for: await paidFor(i),
            date: iso(i.created)!,
            total: i.total,
            currency: i.currency,
            status: i.status ?? 'draft',
            pdf_url: i.invoice_pdf ?? null,
            url: i.hosted_invoice_url ?? null,
          })),
      );
    },
    chargeOnce: (customerId, charge) => chargeOnce(stripe, customerId, charge),
    async addAddon(subscriptionId, addon, currency) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const interval = planById(planOfKey(planItem(current)?.price.lookup_key) ?? '')?.interval ?? 'monthly';
      await declines(
        stripe.subscriptionItems.create({
          subscription: subscriptionId,
          price: await prices.addon(addon, interval, currency),
          quantity: 1,
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
        }),
      );
      // Added again while a cancelled one was still kept: it is simply on.
      return toSubscription(
        await stripe.subscriptions.update(subscriptionId, { metadata: { [`addon_${addon.id}_until`]: '' } }),
      );
    },
    async removeAddon(subscriptionId, addon) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data.find((i) => addonOfKey(i.price.lookup_key) === addon.id);
      if (item) await stripe.subscriptionItems.del(item.id, { proration_behavior: 'none' });
      // Paid to the end of the period: kept until then.
      const until = planItem(current)?.current_period_end;
      return toSubscription(
        await stripe.subscriptions.update(subscriptionId, {
          metadata: { [`addon_${addon.id}_until`]: item && until ? String(until) : '' },
        }),
      );
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        throw new WebhookSignatureError('Invalid signature');
      }
      return readBillingEvent(event);
    },
    async invoiceOfPayment(paymentIntent) {
      const found = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        limit: 1,
      });
      return idOf(found.data[0]?.invoice as string | { id: string } | undefined);
    },
  };
}
