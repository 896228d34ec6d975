import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startLocalProvider, type LocalProvider } from '../../dev/stand-ins/stripe';

/** What a test file of the local Stripe stand-in shares; filled in by `localStripe()`'s beforeAll. */
export interface LocalStripe {
  provider: LocalProvider;
  /** The real SDK pointed at the stand-in exactly as the app's `stripeProvider` points it. */
  stripe: Stripe;
  /** Every billing webhook received, verified with the billing endpoint's secret, in the order they came. */
  received: Stripe.Event[];
  /** Why each refused webhook was refused (its signature did not verify). */
  refused: string[];
}

/** The real SDK pointed at a running stand-in exactly as the app's `stripeProvider` points it. */
export function sdkFor(provider: LocalProvider): Stripe {
  const api = new URL(provider.url);
  return new Stripe(provider.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    host: api.hostname,
    port: api.port,
    protocol: api.protocol.replace(':', '') as 'http' | 'https',
  });
}

/**
 * The stand-in on its own (no app), with a small HTTP server as its billing webhook endpoint. Like the app's
 * handler, each delivery reads back from the provider before it answers: the provider must not wait for its own
 * webhook while that webhook waits for it.
 */
export function localStripe(): LocalStripe {
  const ctx = { received: [], refused: [] } as unknown as LocalStripe;
  let hooks: http.Server;
  beforeAll(async () => {
    ctx.provider = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset' });
    ctx.stripe = sdkFor(ctx.provider);
    hooks = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => {
        void (async () => {
          try {
            const signature = String(req.headers['stripe-signature']);
            const event = ctx.stripe.webhooks.constructEvent(raw, signature, ctx.provider.billingWebhookSecret);
            if ((await ctx.stripe.events.retrieve(event.id)).type !== event.type) throw new Error('not the same event');
            ctx.received.push(event);
            res.writeHead(200).end();
          } catch (err) {
            ctx.refused.push((err as Error).message);
            res.writeHead(400).end();
          }
        })();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    ctx.provider.setBillingWebhookUrl(`http://127.0.0.1:${(hooks.address() as AddressInfo).port}/billing`);
  });
  afterAll(async () => {
    await ctx.provider.close();
    await new Promise((resolve) => hooks.close(resolve));
  });
  return ctx;
}

/** The webhooks received from index `mark` on: a test takes `received.length` first, then reads what came. */
export const since = (ctx: LocalStripe, mark: number) => ctx.received.slice(mark);
export const typesSince = (ctx: LocalStripe, mark: number) => since(ctx, mark).map((e) => e.type);

/** A card sent on a setup-mode Checkout page, posted as the hosted page's form is (the redirect not followed). */
export function submitCard(url: string, card: string, expiry = '12/34') {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, expiry, action: 'save' }).toString(),
    redirect: 'manual',
  });
}

/** Saves `card` for `customer` through a setup-mode Checkout Session; returns the PaymentMethod's id. */
export async function saveCard(ctx: Pick<LocalStripe, 'stripe'>, customer: string, card: string): Promise<string> {
  const session = await ctx.stripe.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'gbp',
    success_url: 'http://app.test/done',
    cancel_url: 'http://app.test/cancel',
  });
  expect((await submitCard(session.url!, card)).status).toBe(303);
  const done = await ctx.stripe.checkout.sessions.retrieve(session.id);
  return (await ctx.stripe.setupIntents.retrieve(done.setup_intent as string)).payment_method as string;
}

/** Expects `call` to fail as Stripe fails a declined charge: 402, `card_declined`, `generic_decline`. */
export async function expectDeclined(call: Promise<unknown>): Promise<void> {
  const err = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as Stripe.errors.StripeError | null;
  expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
  expect(err).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
  expect(err!.message).toBe('Your card was declined.');
}

/** A recurring monthly price in pounds with a lookup key, of a product made for it. */
export async function monthlyPrice(ctx: Pick<LocalStripe, 'stripe'>, name: string, lookupKey: string, amount: number) {
  const product = await ctx.stripe.products.create({ name });
  return ctx.stripe.prices.create({
    product: product.id,
    currency: 'gbp',
    unit_amount: amount,
    recurring: { interval: 'month' },
    lookup_key: lookupKey,
  });
}
