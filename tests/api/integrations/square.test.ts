import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SquareClient } from 'square';
import { ProviderAuthError, type OAuthGrant } from '../../../src/server/infra/integrations/oauth';
import { WebhookSignatureError, type CheckoutRequest } from '../../../src/server/infra/payments/provider';
import { startLocalSquare, type LocalSquare } from '../../../dev/stand-ins/square/server';
import { squareOAuth } from '../../../src/server/infra/square/oauth';
import { squarePayments } from '../../../src/server/infra/square/payments';
import { squareWebhookEvent } from '../../../src/server/infra/square/webhook';

// The Square adapter on the real SDK, against the local stand-in. The browser's part (the permission page, the
// payment page) goes through a proxy that serves the stand-in under /local/square, as the app does.
const PREFIX = '/local/square';
const REDIRECT = 'http://app.test/integrations/square/callback';
const SUCCESS = 'http://app.test/online-booking/anna/callback?session_id={CHECKOUT_SESSION_ID}';

const servers: http.Server[] = [];
let square: LocalSquare;
let publicUrl: string;
let hookUrl: string;
const received: { body: string; signature: string | undefined }[] = [];

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A reverse proxy that strips /local/square: http://…/local/square/pay/X → the stand-in's /pay/X. */
const proxy = http.createServer((req, res) => {
  if (!req.url?.startsWith(`${PREFIX}/`)) return void res.writeHead(404).end();
  const target = new URL(req.url.slice(PREFIX.length), square.url);
  const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  req.pipe(upstream);
});

/** The app's webhook endpoint: keeps each delivery's raw body and signature. */
const receiver = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    received.push({ body, signature: req.headers['x-square-hmacsha256-signature'] as string | undefined });
    res.writeHead(200).end();
  });
});

beforeAll(async () => {
  hookUrl = `${await listen(receiver)}/webhooks/square`;
  square = await startLocalSquare({ webhookUrl: hookUrl });
  publicUrl = `${await listen(proxy)}${PREFIX}`;
  square.setPublicUrl(publicUrl);
});

afterAll(async () => {
  await square.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const oauth = () =>
  squareOAuth({
    applicationId: square.applicationId,
    applicationSecret: square.applicationSecret,
    baseUrl: square.url,
    publicBaseUrl: publicUrl,
  });

const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

/** A page's form as a browser would send it: its action and every input's name and value. */
function formOf(html: string) {
  const action = decode(/<form method="post" action="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const [, attrs] of html.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    if (name) fields[decode(name)] = decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
  }
  return { action, fields };
}

/** Submits the page's form (with `extra`) the way a browser would, without following the redirect. */
async function submit(pageUrl: string, html: string, extra: Record<string, string> = {}) {
  const form = formOf(html);
  const action = new URL(form.action, pageUrl);
  const res = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams({ ...form.fields, ...extra }),
    redirect: 'manual',
  });
  return {
    action: form.action,
    to: action.toString(),
    status: res.status,
    location: res.headers.get('location') ?? '',
  };
}

/** A seller connects on the permission page: the page, where Allow goes, and the grant its code buys. */
async function connect(businessName = 'Demo Square seller') {
  const url = oauth().authorizeUrl('state-1', REDIRECT);
  const html = await (await fetch(url)).text();
  const sent = await submit(url, html, { business_name: businessName, decision: 'allow' });
  const code = new URL(sent.location).searchParams.get('code')!;
  return { url, html, sent, code, grant: await oauth().exchangeCode(code, REDIRECT) };
}

const deposit = (): CheckoutRequest => ({
  amount: 2500,
  currency: 'gbp',
  description: 'Deposit: haircut',
  successUrl: SUCCESS,
  cancelUrl: 'http://app.test/online-booking/anna?cancelled=1',
  metadata: { hold: '42', owner: '7' },
  customerEmail: 'client@example.com',
});

const paymentsOf = (grant: OAuthGrant) => squarePayments({ accessToken: grant.accessToken, baseUrl: square.url });

/** The events delivered so far, parsed. */
const events = () =>
  received.map((r) => ({ ...r, event: JSON.parse(r.body) as { type: string; merchant_id: string } }));

describe('squareOAuth against the local Square', () => {
  it('shows the permission page under the public URL and exchanges its code for a grant naming the business', async () => {
    const { url, html, sent, grant } = await connect();
    expect(url.startsWith(`${publicUrl}/oauth2/authorize?`)).toBe(true);
    expect(new URL(url).searchParams.get('session')).toBe('false');
    expect(new URL(url).searchParams.get('scope')).toContain('ORDERS_WRITE');
    expect(html).toContain('Soloist wants to connect to your Square account');
    expect(formOf(html).fields.business_name).toBe('Demo Square seller');
    expect(sent.action).toBe('authorize');
    expect(sent.to.startsWith(`${publicUrl}/oauth2/authorize`)).toBe(true);
    expect(sent.status).toBe(302);
    const back = new URL(sent.location);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(grant).toMatchObject({
      accountName: 'Demo Square seller',
      accountId: expect.stringMatching(/^ML[A-Z0-9]{11}$/),
    });
    expect(grant.refreshToken).toBeTruthy();
    const days = (Date.parse(grant.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('sends the seller back with access_denied when they deny', async () => {
    const url = oauth().authorizeUrl('state-2', REDIRECT);
    const sent = await submit(url, await (await fetch(url)).text(), { decision: 'deny' });
    const back = new URL(sent.location).searchParams;
    expect([back.get('error'), back.get('state'), back.get('code')]).toEqual(['access_denied', 'state-2', null]);
  });

  it('takes each code once: a second exchange is refused with ProviderAuthError', async () => {
    const { code } = await connect('Once Only Studio');
    await expect(oauth().exchangeCode(code, REDIRECT)).rejects.toThrow(ProviderAuthError);
  });
});

describe('squarePayments against the local Square', () => {
  it('takes a deposit on the hosted page; retrieve says paid; the webhook is signed; a refund is made once', async () => {
    const { grant } = await connect('Anna Hair');
    const payments = paymentsOf(grant);
    const checkout = await payments.createCheckout(deposit());
    expect(checkout.url.startsWith(`${publicUrl}/pay/`)).toBe(true);
    expect(await payments.retrieve(checkout.id)).toMatchObject({ paid: false, paymentIntent: null });

    const html = await (await fetch(checkout.url)).text();
    for (const shown of ['£25.00', 'Anna Hair', grant.accountId, 'Deposit: haircut']) expect(html).toContain(shown);
    expect(formOf(html).fields).toMatchObject({ card: '4111 1111 1111 1111', email: 'client@example.com' });
    const sent = await submit(checkout.url, html);
    expect(sent.to.startsWith(`${publicUrl}/pay/`)).toBe(true);
    expect(sent.status).toBe(302);
    const back = new URL(sent.location);
    expect(`${back.origin}${back.pathname}`).toBe('http://app.test/online-booking/anna/callback');
    expect(back.searchParams.get('session_id')).toBe(checkout.id);
    expect(back.searchParams.get('orderId')).toBe(checkout.id);

    const result = await payments.retrieve(checkout.id);
    expect(result).toEqual({
      id: checkout.id,
      paid: true,
      amount: 2500,
      currency: 'gbp',
      paymentIntent: expect.any(String),
      metadata: { hold: '42', owner: '7' },
    });
    const record = square.payments().find((p) => p.order_id === checkout.id);
    expect(record).toMatchObject({
      id: result.paymentIntent,
      merchant_id: grant.accountId,
      amount: 2500,
      currency: 'GBP',
    });
    expect(record?.status).toBe('COMPLETED');

    // Delivered before the payer was sent back: verified with the SDK, and refused once anything is changed.
    const updated = events().find((e) => e.event.type === 'payment.updated' && e.body.includes(checkout.id))!;
    const keys = { signatureKey: square.webhookSignatureKey, notificationUrl: hookUrl };
    expect(await squareWebhookEvent(updated.body, updated.signature, keys)).toMatchObject({
      type: 'payment.updated',
      merchantId: grant.accountId,
      orderId: checkout.id,
      paymentId: result.paymentIntent,
    });
    const tampered = updated.body.replace('"COMPLETED"', '"FAILED"');
    await expect(squareWebhookEvent(tampered, updated.signature, keys)).rejects.toThrow(WebhookSignatureError);
    await expect(squareWebhookEvent(updated.body, undefined, keys)).rejects.toThrow(WebhookSignatureError);
    const elsewhere = { ...keys, notificationUrl: 'http://other.test/webhooks/square' };
    await expect(squareWebhookEvent(updated.body, updated.signature, elsewhere)).rejects.toThrow(WebhookSignatureError);

    const first = await payments.refund(result);
    expect(await payments.refund(result)).toEqual(first);
    expect(square.payments().find((p) => p.id === result.paymentIntent)?.refunded_amount).toBe(2500);
    await square.delivered();
    const refunds = events().filter((e) => e.event.type === 'refund.created' && e.body.includes(checkout.id));
    expect(refunds).toHaveLength(1);
    expect(await squareWebhookEvent(refunds[0].body, refunds[0].signature, keys)).toBeNull();
  });

  it('refuses metadata keys Square would not take, naming the key', async () => {
    const payments = paymentsOf((await connect('Anna Hair')).grant);
    const req = { ...deposit(), metadata: { 'hold id': '1' } };
    await expect(payments.createCheckout(req)).rejects.toThrow(/hold id/);
    expect(() => payments.parseWebhook('{}', undefined)).toThrow(/squareWebhookEvent/);
  });

  it('reports an expired access token as ProviderAuthError, and a refreshed grant works again', async () => {
    const { grant } = await connect('Expiring Salon');
    const checkout = await paymentsOf(grant).createCheckout(deposit());
    square.expireTokens();
    await expect(paymentsOf(grant).retrieve(checkout.id)).rejects.toThrow(ProviderAuthError);
    const fresh = await oauth().refresh(grant);
    expect(fresh).toMatchObject({
      accountId: grant.accountId,
      accountName: 'Expiring Salon',
      refreshToken: grant.refreshToken,
    });
    expect(fresh.accessToken).not.toBe(grant.accessToken);
    expect(await paymentsOf(fresh).retrieve(checkout.id)).toMatchObject({ id: checkout.id, paid: false });
  });

  it('revokes a grant: calls and refreshes are refused, the revocation is reported, revoking again is no error', async () => {
    const { grant } = await connect('Leaving Studio');
    await oauth().revoke(grant);
    await expect(paymentsOf(grant).createCheckout(deposit())).rejects.toThrow(ProviderAuthError);
    await expect(oauth().refresh(grant)).rejects.toThrow(ProviderAuthError);
    await expect(oauth().revoke(grant)).resolves.toBeUndefined();
    await square.delivered();
    const revoked = events().filter((e) => e.event.type === 'oauth.authorization.revoked');
    const keys = { signatureKey: square.webhookSignatureKey, notificationUrl: hookUrl };
    const reported = await Promise.all(revoked.map((e) => squareWebhookEvent(e.body, e.signature, keys)));
    expect(reported).toContainEqual(
      expect.objectContaining({ type: 'oauth.authorization.revoked', merchantId: grant.accountId }),
    );
  });

  it('after every seller revokes the application, a refresh is refused with ProviderAuthError', async () => {
    const { grant } = await connect('Revoked Everywhere');
    square.revokeAll();
    await expect(oauth().refresh(grant)).rejects.toThrow(ProviderAuthError);
    await expect(paymentsOf(grant).retrieve('nothing')).rejects.toThrow(ProviderAuthError);
  });
});

describe('the local Square, through the SDK alone', () => {
  it('makes quick-pay links, repeats an answer for its idempotency key, and refuses in Square’s error shape', async () => {
    const { grant } = await connect('Quick Pay Corner');
    const client = new SquareClient({ baseUrl: square.url, token: grant.accessToken, maxRetries: 0 });
    const { merchant } = await client.merchants.get({ merchantId: 'me' });
    const price = { amount: 900n, currency: 'GBP' as const };
    const quickPay = { name: 'Gift voucher', priceMoney: price, locationId: merchant!.mainLocationId! };
    const made = await client.checkout.paymentLinks.create({ idempotencyKey: 'k-1', quickPay });
    const again = await client.checkout.paymentLinks.create({ idempotencyKey: 'k-1', quickPay });
    expect(again.paymentLink?.id).toBe(made.paymentLink?.id);
    const order = await client.orders.get({ orderId: made.paymentLink!.orderId! });
    expect(order.order).toMatchObject({ state: 'OPEN', totalMoney: price, locationId: merchant!.mainLocationId });
    const reused = client.checkout.paymentLinks.create({ idempotencyKey: 'k-1', quickPay: { ...quickPay, name: 'x' } });
    await expect(reused).rejects.toMatchObject({ statusCode: 400, errors: [{ code: 'IDEMPOTENCY_KEY_REUSED' }] });
    await expect(client.payments.get({ paymentId: 'nope' })).rejects.toMatchObject({
      statusCode: 404,
      errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND' }],
    });
  });
});
