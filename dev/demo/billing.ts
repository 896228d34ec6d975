import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { planById } from '../../src/domain/plans';
import { syncSubscription } from '../../src/server/features/billing/sync';
import type { LocalProvider } from '../stand-ins/stripe';
import { DEMO_USERS } from '../../src/server/seed/accounts';
import { seedCredits } from '../../src/server/seed/credits';

const DAY = 86_400;

/**
 * The demo owner's subscription, made with the local provider in development only (never with a real Stripe
 * account): a customer on a test clock six months back, a card saved on the provider's hosted page as an owner
 * saves one, Premium Monthly from then, and the clock moved to now — so the subscription's cards and history
 * pages show a business that has paid its plan for half a year; its credits ledger is written again with the plan
 * grants of those periods. Once: an owner with a customer only has their clock caught up (`catchUpDemoClock`).
 */
export async function seedDemoBilling(app: FastifyInstance, provider: LocalProvider): Promise<void> {
  const owner = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'billing_customer_id'])
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirst();
  if (!owner || !app.billing) return;
  const stripe = localStripe(provider);
  if (owner.billing_customer_id) return catchUpDemoClock(app, provider);
  const start = Math.floor(Date.now() / 1000) - 182 * DAY;
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'Demo owner' });
  const customer = await stripe.customers.create({
    email: owner.email,
    name: `${owner.first_name} ${owner.last_name}`,
    test_clock: clock.id,
    metadata: { account_id: String(owner.id) },
  });
  await app.db.updateTable('users').set({ billing_customer_id: customer.id }).where('id', '=', owner.id).execute();

  // The card, saved on the hosted page: its form, posted.
  const { url } = await app.billing.cardSetup(customer.id, {
    successUrl: 'http://127.0.0.1/done',
    cancelUrl: 'http://127.0.0.1/cancel',
    currency: 'gbp',
  });
  const action = /<form[^>]*action="([^"]+)"/.exec(await (await fetch(url)).text())?.[1];
  if (!action) throw new Error('demo billing: no form on the card page');
  await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '09/29', action: 'save' }).toString(),
    redirect: 'manual',
  });
  const [card] = (await app.billing.cards(customer.id)).filter(Boolean);
  if (card && !card.default) await app.billing.setDefaultCard(customer.id, card.id);

  const sub = await app.billing.subscribe(customer.id, planById('premium-monthly')!, 'gbp', { accountId: owner.id });
  await app.db.updateTable('users').set({ billing_subscription_id: sub.id }).where('id', '=', owner.id).execute();
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Math.floor(Date.now() / 1000) });
  await syncSubscription(app.db, app.dialect, app.billing, { customerId: customer.id, subscriptionId: sub.id });

  // The credits ledger again, its plan grants for the periods just billed: as if the app had run all along.
  const invoices = await app.billing.invoices(customer.id);
  const periods = invoices.map((i) => Date.parse(i.date)).sort((a, b) => a - b);
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('credit_entries').where('user_id', '=', owner.id).execute();
    await seedCredits(trx, { id: owner.id, smsPerMonth: 200, months: periods.length, seed: 7, periods });
  });
}

const localStripe = (provider: LocalProvider) => {
  const api = new URL(provider.url);
  return new Stripe(provider.secretKey, { host: api.hostname, port: api.port, protocol: 'http' });
};

/**
 * The demo owner's test clock moved to now (development, the local provider only): a demo left running, or started
 * again a month later, renews the plan as the months pass instead of showing a billing date gone by. Run at each
 * start and by the hourly jobs.
 */
export async function catchUpDemoClock(app: FastifyInstance, provider: LocalProvider): Promise<void> {
  const owner = await app.db
    .selectFrom('users')
    .select(['billing_customer_id'])
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirst();
  if (!owner?.billing_customer_id || !app.billing) return;
  const stripe = localStripe(provider);
  const customer = await stripe.customers.retrieve(owner.billing_customer_id);
  const clockId = 'deleted' in customer ? null : customer.test_clock;
  if (!clockId) return;
  const id = typeof clockId === 'string' ? clockId : clockId.id;
  const now = Math.floor(Date.now() / 1000);
  const clock = await stripe.testHelpers.testClocks.retrieve(id);
  if (clock.frozen_time >= now - 60) return;
  await stripe.testHelpers.testClocks.advance(id, { frozen_time: now });
  await syncSubscription(app.db, app.dialect, app.billing, { customerId: owner.billing_customer_id, latest: true });
}
