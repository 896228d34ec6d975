import Stripe from 'stripe';
import { PLANS, type BillingCurrency, type Plan } from '../../../domain/plans';
import { WebhookSignatureError } from '../payments/provider';
import {
  CardDeclinedError,
  type BillingInvoice,
  type BillingProvider,
  type BillingStatus,
  type BillingSubscription,
} from './provider';

/** A price's lookup key: the plan and the currency, so the app finds its prices in any Stripe account. */
export const lookupKey = (plan: Plan, currency: BillingCurrency) => `soloist_${plan.id}_${currency}`;
const planOfKey = (key: string | null) => PLANS.find((p) => key?.startsWith(`soloist_${p.id}_`))?.id ?? null;

const iso = (unix: number | null | undefined) => (unix ? new Date(unix * 1000).toISOString() : null);
const unix = (isoDate: string) => Math.floor(Date.parse(isoDate) / 1000);
const idOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? null));

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
export function stripeBilling(options: { secretKey: string; webhookSecret: string; apiUrl?: string }): BillingProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  const prices = new Map<string, string>();

  async function priceId(plan: Plan, currency: BillingCurrency): Promise<string> {
    const key = lookupKey(plan, currency);
    const known = prices.get(key);
    if (known) return known;
    const found = (await stripe.prices.list({ lookup_keys: [key], limit: 1 })).data[0];
    const price =
      found ??
      (await stripe.prices.create({
        product: (await stripe.products.create({ name: plan.name, metadata: { plan_id: plan.id } })).id,
        currency,
        unit_amount: plan.prices[currency],
        recurring: { interval: plan.interval === 'annual' ? 'year' : 'month' },
        lookup_key: key,
        tax_behavior: 'inclusive',
        metadata: { plan_id: plan.id },
      }));
    prices.set(key, price.id);
    return price.id;
  }

  const toSubscription = (s: Stripe.Subscription): BillingSubscription => {
    const item = s.items.data[0];
    const keepUntil = Number(s.metadata?.keep_until) || null;
    return {
      id: s.id,
      customerId: idOf(s.customer)!,
      status: s.status as BillingStatus,
      planId: planOfKey(item?.price.lookup_key ?? null),
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
      const c = await stripe.customers.create({
        email: account.email,
        name: account.name,
        metadata: { account_id: String(account.id) },
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
          items: [{ price: await priceId(plan, currency) }],
          payment_behavior: 'error_if_incomplete',
          ...(opts.trialEnd ? { trial_end: unix(opts.trialEnd) } : {}),
          metadata: { account_id: String(opts.accountId) },
        }),
      );
      return toSubscription(s);
    },
    async changePlan(subscriptionId, plan, currency, change) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      const s = await declines(
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: await priceId(plan, currency) }],
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
      return list.data
        .filter((i) => i.total !== 0)
        .map((i): BillingInvoice => ({
          id: i.id!,
          number: i.number,
          date: iso(i.created)!,
          total: i.total,
          currency: i.currency,
          status: i.status ?? 'draft',
          pdf_url: i.invoice_pdf ?? null,
          url: i.hosted_invoice_url ?? null,
        }));
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        throw new WebhookSignatureError('Invalid signature');
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      const type = event.type as string;
      const subscription = type.startsWith('customer.subscription.')
        ? (object.id as string)
        : type.startsWith('invoice.')
          ? idOf(
              (object.subscription as string | null) ??
                ((object.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details
                  ?.subscription ||
                  null),
            )
          : null;
      return {
        id: event.id,
        type,
        customerId: idOf(object.customer as string | null),
        subscriptionId: subscription,
        setupIntentId: type === 'checkout.session.completed' ? idOf(object.setup_intent as string | null) : null,
      };
    },
  };
}
