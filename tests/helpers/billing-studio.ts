import Stripe from 'stripe';
import { startLocalProvider, type LocalProvider } from '../../dev/stand-ins/stripe';
import { Agent, loggedIn, testApp, type TestApp } from './app';

/** What a billing test file shares; filled in by `billingStudio()`'s beforeAll. */
export interface BillingStudio {
  t: TestApp;
  provider: LocalProvider;
  /** The real Stripe SDK pointed at the local provider, as the app's is: test clocks and a look behind the app. */
  stripe: Stripe;
  /** Where the provider sends its events: this app's webhook. */
  webhookUrl: string;
}

/**
 * An app whose owners pay for their plan through the local provider (Stripe Billing as the SDK speaks it), whose
 * signed webhooks reach this app over HTTP. Each test file that calls it gets its own app, database and provider.
 */
export function billingStudio(): BillingStudio {
  const studio = {} as BillingStudio;
  beforeAll(async () => {
    studio.provider = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset' });
    studio.t = await testApp({
      stripeSecretKey: studio.provider.secretKey,
      stripeWebhookSecret: studio.provider.webhookSecret,
      stripeBillingWebhookSecret: studio.provider.billingWebhookSecret,
      stripeApiUrl: studio.provider.url,
      appUrl: 'http://127.0.0.1:1',
    });
    const address = await studio.t.app.listen({ port: 0, host: '127.0.0.1' });
    studio.webhookUrl = `${address}/api/v1/billing/webhook`;
    studio.provider.setBillingWebhookUrl(studio.webhookUrl);
    const api = new URL(studio.provider.url);
    studio.stripe = new Stripe(studio.provider.secretKey, { host: api.hostname, port: api.port, protocol: 'http' });
  });
  afterAll(async () => {
    await studio.t.close();
    await studio.provider.close();
  });
  return studio;
}

const DAY = 86_400_000;

/**
 * An owner on the free trial (ending in `trialDays`), whose provider customer lives on a test clock frozen now, so
 * the test moves their time: `advance(days)`.
 */
export async function trialOwner(studio: BillingStudio, trialDays = 14) {
  const { agent, user } = await loggedIn(studio.t.app, {});
  const start = Math.floor(Date.now() / 1000);
  const clock = await studio.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await studio.stripe.customers.create({ email: user.email, test_clock: clock.id });
  await studio.t.app.db
    .updateTable('users')
    .set({
      plan_name: null,
      subscription_status: 'trialing',
      trial_ends_at: new Date(start * 1000 + trialDays * DAY).toISOString(),
      billing_customer_id: customer.id,
    })
    .where('id', '=', user.id)
    .execute();
  let now = start;
  const advance = async (days: number) => {
    now += Math.round(days * 86_400);
    await studio.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: now });
    // Like Stripe's, the provider's webhooks may still be on their way when a call returns.
    await studio.provider.delivered();
  };
  return { agent, user, customer: customer.id, advance };
}

/** Saves a card on the provider's hosted page as the owner would: the page's form, posted. Returns its HTTP status. */
export async function saveCard(studio: BillingStudio, agent: Agent, card: string): Promise<number> {
  const res = await agent.post('/api/v1/subscription/cards', {});
  if (res.statusCode !== 200) throw new Error(`card setup: ${res.body}`);
  const url = res.json().data.url as string;
  const page = await fetch(url);
  const action = /<form[^>]*action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error('no form on the hosted page');
  const posted = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, expiry: '12/34', action: 'save' }).toString(),
    redirect: 'manual',
  });
  await studio.provider.delivered();
  return posted.status;
}

/** The signed-in user as GET /api/v1/user presents it. */
export const me = async (agent: Agent) => (await agent.get('/api/v1/user')).json().data;
