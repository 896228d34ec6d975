import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { localProviderStateFile, startLocalProvider, type LocalProvider } from '../../../dev/stand-ins/stripe';
import { monthlyPrice, saveCard, sdkFor } from '../../helpers/local-stripe';

// The local stand-in for Stripe keeps its state in a file when given one, as `npm start` does beside its database:
// after a restart the ids the app's database holds still name the same customers, cards and subscriptions.
const DAY = 86_400;
/** 10 January 2027, 12:00 UTC: where the clock starts. */
const T0 = Date.UTC(2027, 0, 10, 12) / 1000;
const FEB10 = Date.UTC(2027, 1, 10, 12) / 1000;
const MAR10 = Date.UTC(2027, 2, 10, 12) / 1000;

let dir: string;
const running: LocalProvider[] = [];

async function start(stateFile: string): Promise<{ provider: LocalProvider; stripe: Stripe }> {
  const provider = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset', stateFile });
  running.push(provider);
  return { provider, stripe: sdkFor(provider) };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-stripe-'));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the local stand-in for Stripe with a state file', () => {
  it('comes back after a restart with its secrets, objects, links and clocks', async () => {
    const file = path.join(dir, 'made', 'on-first-change', 'stripe.json');
    const first = await start(file);
    expect(fs.existsSync(file)).toBe(false);
    const price = await monthlyPrice(first, 'Pro', 'pro_monthly', 1000);
    const clock = await first.stripe.testHelpers.testClocks.create({ frozen_time: T0 });
    const customer = await first.stripe.customers.create({ email: 'ada@example.com', test_clock: clock.id });
    const card = await saveCard(first, customer.id, '4242 4242 4242 4242');
    await first.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card } });
    const sub = await first.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(sub).toMatchObject({ status: 'active', items: { data: [{ current_period_end: FEB10 }] } });
    const open = await first.stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      success_url: 'http://app.test/done',
    });
    await first.provider.close();
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ version: 1 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['stripe.json']);

    const again = await start(file);
    expect(again.provider).toMatchObject({
      secretKey: first.provider.secretKey,
      webhookSecret: first.provider.webhookSecret,
      billingWebhookSecret: first.provider.billingWebhookSecret,
    });
    expect(await again.stripe.customers.retrieve(customer.id)).toMatchObject({
      email: 'ada@example.com',
      test_clock: clock.id,
      invoice_settings: { default_payment_method: card },
    });
    expect(await again.stripe.paymentMethods.retrieve(card)).toMatchObject({
      customer: customer.id,
      card: { last4: '4242', brand: 'visa' },
    });
    expect(await again.stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      status: 'active',
      latest_invoice: sub.latest_invoice,
      items: { data: [{ price: { id: price.id }, current_period_start: T0, current_period_end: FEB10 }] },
    });
    expect((await again.stripe.prices.list({ lookup_keys: ['pro_monthly'] })).data.map((p) => p.id)).toEqual([
      price.id,
    ]);
    const invoices = (await again.stripe.invoices.list({ subscription: sub.id })).data;
    expect(invoices).toMatchObject([{ id: sub.latest_invoice, status: 'paid', number: 'LOCAL-0001' }]);
    expect(invoices[0].invoice_pdf).toBe(`${again.provider.url}/invoices/${invoices[0].id}/pdf`);
    const pdf = await fetch(invoices[0].invoice_pdf!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await fetch(invoices[0].hosted_invoice_url!)).status).toBe(200);
    const session = await again.stripe.checkout.sessions.retrieve(open.id);
    expect(session.url).toBe(`${again.provider.url}/pay/${open.id}`);
    expect((await fetch(session.url!)).status).toBe(200);
    const created = await again.stripe.events.list({ type: 'customer.subscription.created' });
    expect(created.data.map((e) => (e.data.object as Stripe.Subscription).id)).toEqual([sub.id]);

    // A price is one object with the subscription's item, as before the restart.
    await again.stripe.prices.update(price.id, { nickname: 'Pro monthly' });
    expect((await again.stripe.subscriptions.retrieve(sub.id)).items.data[0].price.nickname).toBe('Pro monthly');

    await again.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: FEB10 + DAY });
    const renewed = await again.stripe.subscriptions.retrieve(sub.id);
    expect(renewed).toMatchObject({
      status: 'active',
      items: { data: [{ current_period_start: FEB10, current_period_end: MAR10 }] },
    });
    expect(await again.stripe.invoices.retrieve(renewed.latest_invoice as string)).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      number: 'LOCAL-0002',
      amount_paid: 1000,
    });
    await again.provider.close();

    const third = await start(file);
    expect((await third.stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(FEB10 + DAY);
    expect((await third.stripe.subscriptions.retrieve(sub.id)).latest_invoice).toBe(renewed.latest_invoice);
  });

  it.each([
    ['garbage', 'not json {'],
    ['JSON of another shape', JSON.stringify({ version: 1, secrets: {}, collections: [] })],
    ['a file with a collection gone wrong', null],
  ])('starts empty from %s, saying nothing, and writes the file anew on its next change', async (_, text) => {
    const file = path.join(dir, `broken-${running.length}-${Math.random()}.json`);
    if (text === null) {
      const good = await start(file);
      await good.stripe.products.create({ name: 'Pro' });
      await good.provider.close();
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { collections: Record<string, unknown> };
      fs.writeFileSync(file, JSON.stringify({ ...saved, collections: { ...saved.collections, products: {} } }));
    } else {
      fs.writeFileSync(file, text);
    }
    const log = jest.spyOn(console, 'error');
    const warn = jest.spyOn(console, 'warn');
    const fresh = await start(file);
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    log.mockRestore();
    warn.mockRestore();
    expect(fresh.provider.secretKey).toMatch(/^sk_test_local_/);
    expect((await fresh.stripe.events.list()).data).toEqual([]);
    const customer = await fresh.stripe.customers.create({ email: 'bo@example.com' });
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as { secrets: { secretKey: string } };
    expect(written.secrets.secretKey).toBe(fresh.provider.secretKey);
    await fresh.provider.close();
    const back = await start(file);
    expect((await back.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
  });

  it('works on in memory when its file cannot be read or written', async () => {
    const notAFile = fs.mkdtempSync(path.join(dir, 'a-directory-'));
    const { provider, stripe } = await start(notAFile);
    const product = await stripe.products.create({ name: 'Pro' });
    expect((await stripe.products.retrieve(product.id)).name).toBe('Pro');
    expect(fs.statSync(notAFile).isDirectory()).toBe(true);
    expect(fs.readdirSync(notAFile)).toEqual([]);
    expect(provider.secretKey).toMatch(/^sk_test_local_/);
  });

  it('is kept beside an SQLite database, in data/ for another, and nowhere for one in memory', () => {
    expect(localProviderStateFile('sqlite:/srv/app/data/soloist.db', '/srv/app')).toBe(
      '/srv/app/data/soloist.local-stripe.json',
    );
    expect(localProviderStateFile('sqlite:data/dev.sqlite', '/srv/app')).toBe(
      path.resolve('data', 'dev.local-stripe.json'),
    );
    expect(localProviderStateFile('postgres://localhost/soloist', '/srv/app')).toBe('/srv/app/data/local-stripe.json');
    expect(localProviderStateFile('sqlite::memory:', '/srv/app')).toBeUndefined();
  });
});
