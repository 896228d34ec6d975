import { startLocalProvider, type LocalProvider } from '../../../dev/stand-ins/stripe';
import { startLocalLiqpay, type LocalLiqpay } from '../../../dev/stand-ins/liqpay/server';
import { submitPageForm } from '../../../dev/stand-ins/consent';
import { startLocalSquare, type LocalSquare } from '../../../dev/stand-ins/square/server';
import { SQUARE_WEBHOOK_PATH } from '../../../src/server/features/online-booking/provider-webhooks';
import { testApp, type Agent, type TestApp } from '../../helpers/app';
import { bookingOwner, verifiedClient } from '../../helpers/booking';
import { connectThroughOAuth, stripeSettings } from '../../helpers/integrations';

// Owners take their clients' deposits on their own accounts: Stripe through Connect, Square through OAuth, LiqPay with
// their own keys. Each deposit lands on its owner's account, and only that owner's connection is ever used.
let t: TestApp;
let stripe: LocalProvider;
let square: LocalSquare;
let liqpay: LocalLiqpay;
const owners: Record<'stripe' | 'square' | 'liqpay', { agent: Agent; id: number; slug: string; service: string }> =
  {} as never;

async function owner(slug: string, region = 'GB') {
  const { owner: agent, user } = await bookingOwner(t.app, slug);
  if (region !== 'GB') await t.app.db.updateTable('users').set({ region }).where('id', '=', user.id).execute();
  const cut = (
    await agent.post('/api/v1/services', { title: 'Haircut', price: 3500, duration: 60, deposit_amount: 1000 })
  ).json().data;
  const settings = (await agent.get('/api/v1/user/booking-settings')).json().data;
  await agent.put('/api/v1/user/booking-settings', {
    ...settings,
    page_url: undefined,
    payments_notice: undefined,
    service_ids: [...settings.service_ids, cut.id],
  });
  return { agent, id: user.id, slug, service: cut.public_id as string };
}

/** A client books the owner's haircut: the answer names the payment page. */
async function bookWithDeposit(o: (typeof owners)['stripe'], email: string, start: string) {
  const client = await verifiedClient(t.app, o.slug, email);
  const hold = await client.post(`/api/v1/online-booking/${o.slug}/holds`, { service: o.service, start });
  const res = await client.post(`/api/v1/online-booking/${o.slug}/bookings`, {
    hold: hold.json().data.token,
    first_name: 'Cara',
  });
  return { client, res };
}

const paymentsOf = (ownerId: number) =>
  t.app.db.selectFrom('payments').select(['amount', 'currency', 'provider']).where('user_id', '=', ownerId).execute();

beforeAll(async () => {
  stripe = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset' });
  square = await startLocalSquare();
  liqpay = await startLocalLiqpay();
  t = await testApp({
    ...stripeSettings(stripe),
    squareApplicationId: square.applicationId,
    squareApplicationSecret: square.applicationSecret,
    squareWebhookSignatureKey: square.webhookSignatureKey,
    squareBaseUrl: square.url,
    liqpayPublicKey: liqpay.publicKey,
    liqpayPrivateKey: liqpay.privateKey,
    liqpayApiUrl: liqpay.url,
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The app's address is known only now: what the providers call back and send browsers to.
  t.app.integrations.appUrl = address;
  stripe.setWebhookUrl(`${address}/api/v1/online-booking/payments/webhook`);
  square.setWebhookUrl(`${address}${SQUARE_WEBHOOK_PATH}`);
  owners.stripe = await owner('stripe-studio');
  owners.square = await owner('square-studio');
  owners.liqpay = await owner('liqpay-studio', 'UA');
});
afterAll(async () => {
  await t.close();
  await Promise.all([stripe.close(), square.close(), liqpay.close()]);
});

it('without a card provider of their own an owner takes no deposits, and the booking settings say why', async () => {
  const settings = (await owners.stripe.agent.get('/api/v1/user/booking-settings')).json().data;
  expect(settings.payments_notice).toBe(
    'Online deposits are off: connect a card provider in Payments integration to take them.',
  );
  const { res } = await bookWithDeposit(owners.stripe, 'early@example.com', '2027-03-01T09:00:00.000Z');
  expect(res.statusCode).toBe(201);
  expect(res.json().data.status).toBe('booked');

  // A page that asks no deposit says so, in words.
  const none = await owners.stripe.agent.put('/api/v1/user/booking-settings', {
    ...settings,
    page_url: undefined,
    payments_notice: undefined,
    deposit_mode: 'none',
  });
  expect(none.statusCode).toBe(200);
  const after = (await owners.stripe.agent.get('/api/v1/user/booking-settings')).json().data;
  expect(after.payments_notice).toBe('Your page asks no deposit: clients pay at their visit.');
  await owners.stripe.agent.put('/api/v1/user/booking-settings', {
    ...settings,
    page_url: undefined,
    payments_notice: undefined,
  });
});

it('Stripe: connected through OAuth, a deposit lands on the owner’s account; disconnecting revokes it', async () => {
  const back = await connectThroughOAuth(owners.stripe.agent, 'stripe', { business_name: 'Stripe Studio Ltd' });
  expect(back.statusCode).toBe(303);
  expect(back.headers.location).toBe('/account-setup/integrations/payments-integration?connected=stripe');
  const view = (await owners.stripe.agent.get('/api/v1/integrations')).json().data;
  expect(view.payments).toMatchObject({ provider: 'stripe', status: 'connected', account_name: 'Stripe Studio Ltd' });
  expect(view.deposits_online).toBe(true);
  const settings = (await owners.stripe.agent.get('/api/v1/user/booking-settings')).json().data;
  expect(settings.payments_notice).toBe('Clients can pay deposits online when they book.');
  const account = view.payments.account_id as string;

  const { res } = await bookWithDeposit(owners.stripe, 'stripe.payer@example.com', '2027-03-02T10:00:00.000Z');
  expect(res.json().data.status).toBe('payment');
  const url = res.json().data.payment_url as string;
  expect(await (await fetch(url)).text()).toContain(account);
  await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242', action: 'pay' }),
    redirect: 'manual',
  });
  await stripe.delivered();
  expect(stripe.payments().filter((p) => p.paid)).toEqual([expect.objectContaining({ account, amount: 1000 })]);
  expect(await paymentsOf(owners.stripe.id)).toEqual([{ amount: 1000, currency: 'gbp', provider: 'stripe' }]);

  const gone = await owners.stripe.agent.get('/api/v1/integrations/stripe/disconnect');
  expect(gone.json().message).toBe('Stripe is disconnected.');
  expect(stripe.accounts().find((a) => a.id === account)?.connected).toBe(false);
  expect((await owners.stripe.agent.get('/api/v1/integrations')).json().data.payments).toBeNull();
});

it('Square: a deposit is paid on the seller’s own Square account and confirmed by its signed webhook', async () => {
  const back = await connectThroughOAuth(owners.square.agent, 'square', { business_name: 'Square Cuts' });
  expect(back.headers.location).toBe('/account-setup/integrations/payments-integration?connected=square');
  const view = (await owners.square.agent.get('/api/v1/integrations')).json().data;
  expect(view.payments).toMatchObject({ provider: 'square', status: 'connected', account_name: 'Square Cuts' });
  const { client, res } = await bookWithDeposit(owners.square, 'square.payer@example.com', '2027-03-03T10:00:00.000Z');
  const url = res.json().data.payment_url as string;
  const paid = await submitPageForm(url);
  expect(paid.status).toBeLessThan(400);
  await square.delivered();
  expect(square.payments()).toEqual([
    expect.objectContaining({ merchant_id: view.payments.account_id, amount: 1000, status: 'COMPLETED' }),
  ]);
  expect(await paymentsOf(owners.square.id)).toEqual([{ amount: 1000, currency: 'gbp', provider: 'square' }]);
  // The client coming back reads the booking (the webhook already made it).
  const orderId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  const callback = await client.get(`/api/v1/online-booking/${owners.square.slug}/payments/${orderId}`);
  expect(callback.json().data.status).toBe('booked');
});

it('Square: a token that ran out is refreshed; one the seller revoked asks the owner to reconnect, without a 5xx', async () => {
  square.expireTokens();
  const { res } = await bookWithDeposit(owners.square, 'square.two@example.com', '2027-03-04T10:00:00.000Z');
  expect(res.json().data.status).toBe('payment');
  square.revokeAll();
  // The grant is refreshed ahead of its end: make it due so the refusal is met.
  await t.app.db.updateTable('integrations').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
  const refused = await bookWithDeposit(owners.square, 'square.three@example.com', '2027-03-05T10:00:00.000Z');
  expect(refused.res.statusCode).toBeLessThan(500);
  const view = (await owners.square.agent.get('/api/v1/integrations')).json().data;
  expect(view.payments.status).toBe('reconnect');
  expect(view.message).toBe('Please update your Payment details - currently they are incomplete');
  expect(view.deposits_online).toBe(false);
});

it('LiqPay: the owner’s own keys are checked with LiqPay, and a deposit is paid to that merchant', async () => {
  const wrong = await owners.liqpay.agent.post('/api/v1/integrations/liqpay', {
    public_key: 'sandbox_i000',
    private_key: 'nope',
  });
  expect(wrong.statusCode).toBe(422);
  expect(wrong.json().errors.public_key).toEqual(['LiqPay does not know this public key.']);
  const merchant = liqpay.addMerchant('Kyiv Nails');
  const badPrivate = await owners.liqpay.agent.post('/api/v1/integrations/liqpay', {
    public_key: merchant.publicKey,
    private_key: 'not-the-key',
  });
  expect(badPrivate.json().errors.private_key).toEqual(['The private key does not match the public key.']);
  const ok = await owners.liqpay.agent.post('/api/v1/integrations/liqpay', {
    public_key: merchant.publicKey,
    private_key: merchant.privateKey,
  });
  expect(ok.statusCode).toBe(200);
  // Stripe is not offered to a UA owner; LiqPay is not offered elsewhere.
  expect((await owners.liqpay.agent.get('/api/v1/integrations/stripe/connect')).statusCode).toBe(404);
  expect(
    (
      await owners.stripe.agent.post('/api/v1/integrations/liqpay', {
        public_key: merchant.publicKey,
        private_key: 'x',
      })
    ).statusCode,
  ).toBe(422);

  const { res } = await bookWithDeposit(owners.liqpay, 'liqpay.payer@example.com', '2027-03-02T10:00:00.000Z');
  const url = res.json().data.payment_url as string;
  const page = await (await fetch(url)).text();
  expect(page).toContain('Kyiv Nails');
  await submitPageForm(url);
  await liqpay.delivered();
  expect(liqpay.payments()).toEqual([
    expect.objectContaining({ public_key: merchant.publicKey, amount: 1000, currency: 'UAH' }),
  ]);
  expect(await paymentsOf(owners.liqpay.id)).toEqual([{ amount: 1000, currency: 'uah', provider: 'liqpay' }]);
});

it('secrets are sealed in the database and never in an answer', async () => {
  const rows = await t.app.db.selectFrom('integrations').select(['secrets', 'provider']).execute();
  expect(rows.length).toBeGreaterThan(0);
  const merchant = liqpay.payments()[0];
  for (const row of rows) {
    expect(row.secrets).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.secrets).not.toContain('sandbox_');
    expect(row.secrets).not.toContain('access');
  }
  const answers = [
    (await owners.liqpay.agent.get('/api/v1/integrations')).body,
    (await owners.square.agent.get('/api/v1/integrations')).body,
  ].join('\n');
  const opened = rows.map((r) => t.app.integrations.keys.open(r.secrets));
  for (const secret of opened.flatMap((o) => Object.values(JSON.parse(o) as Record<string, string | null>)))
    if (secret) expect(answers).not.toContain(secret);
  expect(merchant).toBeDefined();
});

it('a forged LiqPay callback or Square webhook is refused and books nothing', async () => {
  const forged = await fetch(`${t.app.integrations.appUrl}/api/v1/integrations/liqpay/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: Buffer.from('{"public_key":"x"}').toString('base64'), signature: 'x' }),
  });
  expect(forged.status).toBe(400);
  const sq = await fetch(`${t.app.integrations.appUrl}${SQUARE_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': 'bad' },
    body: JSON.stringify({ type: 'payment.updated', merchant_id: 'M1' }),
  });
  expect(sq.status).toBe(400);
});

it('payment settings: the deposit policy and the owner’s note to clients who pay online', async () => {
  const o = owners.liqpay;
  expect((await o.agent.get('/api/v1/user/payment-settings')).json().data).toEqual({
    deposit_mode: 'per_service',
    payment_note: null,
    currency: 'UAH',
  });
  const saved = await o.agent.put('/api/v1/user/payment-settings', {
    deposit_mode: 'full',
    payment_note: '  Deposits are kept if you cancel within 24 hours.  ',
  });
  expect(saved.json()).toMatchObject({
    data: { deposit_mode: 'full', payment_note: 'Deposits are kept if you cancel within 24 hours.', currency: 'UAH' },
    message: 'Updated successfully.',
  });
  expect((await o.agent.get('/api/v1/user/booking-settings')).json().data.deposit_mode).toBe('full');
  const page = (await o.agent.get(`/api/v1/online-booking/${o.slug}`)).json().data;
  expect(page).toMatchObject({ currency: 'UAH', payment_note: 'Deposits are kept if you cancel within 24 hours.' });
  const bad = await o.agent.put('/api/v1/user/payment-settings', { deposit_mode: 'sometimes' });
  expect(bad.statusCode).toBe(422);
});

/**
 * A deposit paid after its hold ran out and the time was taken: the app refunds it on the owner's own account. Returns
 * the ledger of that owner for the booking's day.
 */
async function lateDeposit(o: (typeof owners)['liqpay'], start: string, pay: (url: string) => Promise<void>) {
  const { res } = await bookWithDeposit(o, `late.${o.slug}@example.com`, start);
  const url = res.json().data.payment_url as string;
  await t.app.db
    .updateTable('slot_holds')
    .set({ expires_at: '2000-01-01T00:00:00.000Z' })
    .where('user_id', '=', o.id)
    .where('status', '=', 'paying')
    .execute();
  const quicker = await verifiedClient(t.app, o.slug, `quicker.${o.slug}@example.com`);
  const free = (await o.agent.get('/api/v1/services?is_lite=1')).json() as Array<{ id: number; title: string }>;
  const consultation = (
    await o.agent.get(`/api/v1/services/${free.find((s) => s.title === 'Consultation')!.id}`)
  ).json().data.public_id;
  const theirs = await quicker.post(`/api/v1/online-booking/${o.slug}/holds`, { service: consultation, start });
  const booked = await quicker.post(`/api/v1/online-booking/${o.slug}/bookings`, {
    hold: theirs.json().data.token,
    first_name: 'Quin',
  });
  expect(booked.statusCode).toBe(201);
  await pay(url);
  return t.app.db
    .selectFrom('payments')
    .select(['amount', 'provider'])
    .where('user_id', '=', o.id)
    .orderBy('id')
    .execute();
}

it('LiqPay: a deposit that can no longer book is refunded on the owner’s LiqPay; then the owner disconnects', async () => {
  const o = owners.liqpay;
  const before = liqpay.payments().length;
  const ledger = await lateDeposit(o, '2027-03-09T10:00:00.000Z', async (url) => {
    await submitPageForm(url);
    await liqpay.delivered();
  });
  // The whole price: the owner asks for it in full since the payment settings said so.
  expect(ledger.slice(-2)).toEqual([
    { amount: 3500, provider: 'liqpay' },
    { amount: -3500, provider: 'liqpay' },
  ]);
  expect(liqpay.payments().slice(before)).toEqual([expect.objectContaining({ status: 'reversed', refunded: 3500 })]);
  expect((await o.agent.get('/api/v1/integrations/liqpay/disconnect')).json().message).toBe('LiqPay is disconnected.');
  expect((await o.agent.get('/api/v1/integrations')).json().data).toMatchObject({
    payments: null,
    deposits_online: false,
  });
});

it('Square: after reconnecting, a deposit that can no longer book is refunded on the seller’s account; then disconnect', async () => {
  const o = owners.square;
  const back = await connectThroughOAuth(o.agent, 'square', { business_name: 'Square Cuts' });
  expect(back.headers.location).toBe('/account-setup/integrations/payments-integration?connected=square');
  const ledger = await lateDeposit(o, '2027-03-10T10:00:00.000Z', async (url) => {
    await submitPageForm(url);
    await square.delivered();
  });
  expect(ledger.slice(-2)).toEqual([
    { amount: 1000, provider: 'square' },
    { amount: -1000, provider: 'square' },
  ]);
  expect(square.payments().at(-1)).toMatchObject({ amount: 1000, refunded_amount: 1000 });
  expect((await o.agent.get('/api/v1/integrations/square/disconnect')).statusCode).toBe(200);
  expect((await o.agent.get('/api/v1/integrations')).json().data.payments).toBeNull();
});
