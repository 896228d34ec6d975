import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { ProviderAuthError, type OAuthGrant } from '../../../src/server/infra/integrations/oauth';
import { startLocalProvider, type LocalProvider } from '../../../dev/stand-ins/stripe';
import {
  stripeProvider,
  stripeWebhookEvent,
  type PaymentEvent,
  type PaymentProvider,
} from '../../../src/server/infra/payments/provider';
import { stripeConnect } from '../../../src/server/infra/payments/stripe-connect';

// Stripe Connect with Standard accounts against the local stand-in: an owner connects their own Stripe account on
// the consent page, and deposits and refunds are then made on it (direct charges, `Stripe-Account`).
const CALLBACK = 'http://app.test/integrations/stripe/callback';

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: http.Server) => new Promise((resolve) => server.close(resolve));

/** The payments webhook endpoint: every event it receives, verified as the app verifies them. */
function webhookEndpoint(secret: () => string) {
  const events: PaymentEvent[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      events.push(stripeWebhookEvent(raw, req.headers['stripe-signature'] as string, secret()));
      res.writeHead(200).end();
    });
  });
  return { events, server };
}

const unescape = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/**
 * A page's form as a browser sends it: to its action resolved against the page's URL, with its inputs' values
 * (prefilled and hidden ones) and `fields` typed over them.
 */
async function submit(pageUrl: string, fields: Record<string, string>): Promise<Response> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = unescape(/<form method="post" action="([^"]*)">/.exec(html)![1]);
  const body = new URLSearchParams();
  for (const [input] of html.matchAll(/<input [^>]*>/g)) {
    const name = / name="(\w+)"/.exec(input)?.[1];
    if (name) body.set(name, unescape(/ value="([^"]*)"/.exec(input)?.[1] ?? ''));
  }
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return fetch(new URL(action, pageUrl), { method: 'POST', body, redirect: 'manual' });
}

/** The owner on the consent page: Allow (with the business's name and email) or Deny; where they are sent back. */
async function consent(authorizeUrl: string, fields: Record<string, string> = {}): Promise<URL> {
  const sent = await submit(authorizeUrl, { action: 'allow', ...fields });
  expect(sent.status).toBe(302);
  return new URL(sent.headers.get('location')!);
}

/** Pays on the hosted page with the card that succeeds, as the client's browser does. */
async function pay(url: string): Promise<Response> {
  const sent = await submit(url, { card: '4242 4242 4242 4242', action: 'pay' });
  expect(sent.status).toBe(303);
  return sent;
}

const rejection = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (err: unknown) => err,
  );

let provider: LocalProvider;
let hooks: ReturnType<typeof webhookEndpoint>;
const connect = (clientId = provider.clientId) =>
  stripeConnect({ secretKey: provider.secretKey, clientId, connectUrl: provider.url, apiUrl: provider.url });
const payments = (account?: string): PaymentProvider =>
  stripeProvider({
    secretKey: provider.secretKey,
    webhookSecret: provider.webhookSecret,
    apiUrl: provider.url,
    account,
  });

/** An owner connected through the consent page: the grant the app keeps. */
async function connected(fields: Record<string, string> = {}): Promise<OAuthGrant> {
  const back = await consent(connect().authorizeUrl('st4te', CALLBACK), fields);
  return connect().exchangeCode(back.searchParams.get('code')!, CALLBACK);
}

beforeAll(async () => {
  hooks = webhookEndpoint(() => provider.webhookSecret);
  const hookUrl = await listen(hooks.server);
  provider = await startLocalProvider({ webhookUrl: `${hookUrl}/api/v1/online-booking/payments/webhook` });
});

afterAll(async () => {
  await provider.close();
  await close(hooks.server);
});

describe('stripeConnect', () => {
  it('sends the owner to a consent page in plain English and names the grant after their business', async () => {
    expect(provider.clientId).toMatch(/^ca_local_/);
    const url = connect().authorizeUrl('st4te', CALLBACK);
    expect(url.startsWith(`${provider.url}/oauth/authorize?`)).toBe(true);
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      response_type: 'code',
      client_id: provider.clientId,
      scope: 'read_write',
      state: 'st4te',
      redirect_uri: CALLBACK,
    });
    const page = await (await fetch(url)).text();
    expect(page).toContain('Soloist wants to connect to your Stripe account');
    expect(page).toContain('value="Demo Stripe business"');
    expect(page).toMatch(/<form method="post" action="authorize">/);

    const back = await consent(url, { business_name: 'Hart Studio', email: 'hart@example.com' });
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('code')).toMatch(/^ac_/);
    expect(back.searchParams.get('scope')).toBe('read_write');
    expect(back.searchParams.get('state')).toBe('st4te');

    const grant = await connect().exchangeCode(back.searchParams.get('code')!, CALLBACK);
    expect(grant).toEqual({
      accessToken: expect.stringMatching(/^sk_test_local_oauth_/),
      refreshToken: expect.stringMatching(/^rt_local_/),
      expiresAt: null,
      accountId: expect.stringMatching(/^acct_/),
      accountName: 'Hart Studio',
    });
    expect(provider.accounts()).toContainEqual({
      id: grant.accountId,
      business_name: 'Hart Studio',
      email: 'hart@example.com',
      connected: true,
    });
    // A code is used once.
    const again = await rejection(connect().exchangeCode(back.searchParams.get('code')!, CALLBACK));
    expect(again).toBeInstanceOf(ProviderAuthError);
    expect((again as Error).message).toMatch(/already been used/);
  });

  it('names an account without a business name by its email', async () => {
    const grant = await connected({ business_name: '', email: 'solo@example.com' });
    expect(grant.accountName).toBe('solo@example.com');
  });

  it('sends the owner back with access_denied when they deny', async () => {
    const before = provider.accounts().length;
    const sent = await submit(connect().authorizeUrl('st4te', CALLBACK), { action: 'deny' });
    expect(sent.status).toBe(302);
    const back = new URL(sent.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The user denied your request',
      state: 'st4te',
    });
    expect(provider.accounts()).toHaveLength(before);
  });

  it('shows an error page, not a redirect, for a link of another application', async () => {
    const url = connect('ca_someone_else').authorizeUrl('s', CALLBACK);
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This link cannot connect a Stripe account');
  });

  it('refreshes a grant: a new access token, the earlier one no longer opening the account', async () => {
    const grant = await connected({ business_name: 'Refreshed' });
    const fresh = await connect().refresh(grant);
    expect(fresh).toMatchObject({
      accountId: grant.accountId,
      accountName: 'Refreshed',
      refreshToken: grant.refreshToken,
    });
    expect(fresh.accessToken).not.toBe(grant.accessToken);
    const read = (token: string) =>
      fetch(`${provider.url}/v1/accounts/${grant.accountId}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await read(fresh.accessToken)).status).toBe(200);
    expect((await read(grant.accessToken)).status).toBe(401);
  });
});

describe('stripeProvider on a connected account', () => {
  let grant: OAuthGrant;
  let checkout: { id: string; url: string };
  beforeAll(async () => {
    grant = await connected({ business_name: 'Hart Studio' });
  });

  it('takes a deposit on the owner’s account: its page names the account, its event and retrieve carry it', async () => {
    const owner = payments(grant.accountId);
    checkout = await owner.createCheckout({
      amount: 1000,
      currency: 'gbp',
      description: 'Deposit: Haircut',
      successUrl: 'http://app.test/done?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app.test/cancel',
      metadata: { appointment: '7' },
    });
    expect(checkout.url).toBe(`${provider.url}/pay/${checkout.id}`);
    const page = await (await fetch(checkout.url)).text();
    expect(page).toContain(`Paying Hart Studio (${grant.accountId})`);

    const mark = hooks.events.length;
    const paid = await pay(checkout.url);
    expect(paid.headers.get('location')).toBe(`http://app.test/done?session=${checkout.id}`);
    await provider.delivered();
    expect(hooks.events.slice(mark)).toEqual([
      {
        kind: 'payment',
        payment: expect.objectContaining({ id: checkout.id, paid: true, amount: 1000, account: grant.accountId }),
      },
    ]);
    expect(await owner.retrieve(checkout.id)).toEqual({
      id: checkout.id,
      paid: true,
      amount: 1000,
      currency: 'gbp',
      paymentIntent: expect.stringMatching(/^pi_/),
      metadata: { appointment: '7' },
      account: grant.accountId,
    });
    // The platform's own account has no such session: it is the owner's.
    expect(await rejection(payments().retrieve(checkout.id))).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('refunds it once, on the owner’s account, however often asked', async () => {
    const result = await payments(grant.accountId).retrieve(checkout.id);
    const first = await payments(grant.accountId).refund(result);
    // A webhook's result names the account: a provider without one still refunds on it.
    expect(await payments().refund(result)).toEqual(first);
    expect(provider.payments()).toContainEqual({
      session: checkout.id,
      account: grant.accountId,
      amount: 1000,
      currency: 'gbp',
      paid: true,
      payment_intent: result.paymentIntent,
      refunded: true,
    });
    const list = async (account?: string) =>
      (
        (await (
          await fetch(`${provider.url}/v1/refunds?payment_intent=${result.paymentIntent}`, {
            headers: {
              authorization: `Bearer ${provider.secretKey}`,
              ...(account ? { 'stripe-account': account } : {}),
            },
          })
        ).json()) as { data: { id: string; amount: number }[] }
      ).data;
    expect(await list(grant.accountId)).toEqual([expect.objectContaining({ id: first.id, amount: 1000 })]);
    expect(await list()).toEqual([]);
    // Refunded on the platform's account instead, the payment is not found there.
    const platform = await rejection(payments().refund({ ...result, id: 'cs_other', account: null }));
    expect((platform as Error).message).toMatch(/No such payment_intent/);
  });

  it('refuses an account the platform is not connected to', async () => {
    const err = await rejection(
      payments('acct_notconnected').createCheckout({
        amount: 1000,
        currency: 'gbp',
        description: 'Deposit',
        successUrl: 'http://app.test/done',
        cancelUrl: 'http://app.test/cancel',
        metadata: {},
      }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(err).toMatchObject({ statusCode: 403, code: 'account_invalid' });
    expect((err as Error).message).toMatch(/does not have access to account 'acct_notconnected'/);
    expect((err as Error).message).not.toContain(provider.secretKey);
  });

  it('refuses Stripe-Account where the stand-in keeps nothing per account', async () => {
    const res = await fetch(`${provider.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.secretKey}`, 'stripe-account': grant.accountId },
      body: new URLSearchParams({ email: 'x@example.com' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('disconnecting', () => {
  it('stops a grant when the owner disconnects in Stripe: exchange and refresh refused, the event sent', async () => {
    const grant = await connected({ business_name: 'Leaving' });
    // A second owner consents, and disconnects before the app has exchanged the code.
    const back = await consent(connect().authorizeUrl('s2', CALLBACK), { business_name: 'Quick exit' });
    const pending = provider.accounts().at(-1)!;
    expect(pending.business_name).toBe('Quick exit');

    const mark = hooks.events.length;
    await provider.revokeGrants(grant.accountId);
    await provider.revokeGrants(pending.id);
    expect(hooks.events.slice(mark)).toEqual([
      { kind: 'deauthorized', account: grant.accountId },
      { kind: 'deauthorized', account: pending.id },
    ]);
    await provider.revokeGrants(grant.accountId);
    expect(hooks.events).toHaveLength(mark + 2);
    expect(provider.accounts().find((a) => a.id === grant.accountId)?.connected).toBe(false);

    expect(await rejection(connect().refresh(grant))).toBeInstanceOf(ProviderAuthError);
    const code = back.searchParams.get('code')!;
    expect(await rejection(connect().exchangeCode(code, CALLBACK))).toBeInstanceOf(ProviderAuthError);
    const late = await rejection(payments(grant.accountId).retrieve('cs_any'));
    expect(late).toBeInstanceOf(Stripe.errors.StripePermissionError);
    const token = await fetch(`${provider.url}/v1/accounts/${grant.accountId}`, {
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(token.status).toBe(401);
    // The app disconnecting afterwards is fine: the account is already gone.
    await expect(connect().revoke(grant)).resolves.toBeUndefined();
    await expect(provider.revokeGrants('acct_nobody')).rejects.toThrow('no account acct_nobody');
  });

  it('revokes a grant at the app’s request: the account disconnected and the deauthorization reported', async () => {
    const grant = await connected({ business_name: 'Moving on' });
    const mark = hooks.events.length;
    await connect().revoke(grant);
    await provider.delivered();
    expect(hooks.events.slice(mark)).toEqual([{ kind: 'deauthorized', account: grant.accountId }]);
    expect(provider.accounts().find((a) => a.id === grant.accountId)?.connected).toBe(false);
    expect(await rejection(connect().refresh(grant))).toBeInstanceOf(ProviderAuthError);
    await expect(connect().revoke(grant)).resolves.toBeUndefined();
  });

  it('does not take a wrong client id for an account already gone', async () => {
    const grant = await connected();
    expect(await rejection(connect('ca_wrong').revoke(grant))).toBeInstanceOf(Stripe.errors.StripeInvalidClientError);
    expect(provider.accounts().find((a) => a.id === grant.accountId)?.connected).toBe(true);
  });
});

describe('the stand-in behind a proxy (publicUrl)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-connect-'));
  const file = path.join(dir, 'stripe.json');
  const running: LocalProvider[] = [];
  let proxy: http.Server;
  let behind: LocalProvider | undefined;
  let proxyUrl: string;

  beforeAll(async () => {
    // As the app serves the stand-in's pages: /local/stripe/… → the stand-in's /….
    proxy = http.createServer((req, res) => {
      const prefix = '/local/stripe';
      if (!behind || !req.url?.startsWith(`${prefix}/`)) return void res.writeHead(404).end();
      const target = new URL(req.url.slice(prefix.length), behind.url);
      const out = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(out);
    });
    proxyUrl = await listen(proxy);
  });

  afterAll(async () => {
    await Promise.all(running.map((p) => p.close()));
    await close(proxy);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('links every page a browser opens to publicUrl, whose forms work through the proxy', async () => {
    behind = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset', stateFile: file });
    running.push(behind);
    const base = `${proxyUrl}/local/stripe`;
    const sdk = new Stripe(behind.secretKey, { host: '127.0.0.1', port: new URL(behind.url).port, protocol: 'http' });
    const before = await sdk.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 500, product_data: { name: 'Deposit' } } },
      ],
      success_url: 'http://app.test/done',
      cancel_url: 'http://app.test/cancel',
    });
    expect(before.url).toBe(`${behind.url}/pay/${before.id}`);

    behind.setPublicUrl(`${base}/`);
    expect((await sdk.checkout.sessions.retrieve(before.id)).url).toBe(`${base}/pay/${before.id}`);

    const viaProxy = stripeConnect({
      secretKey: behind.secretKey,
      clientId: behind.clientId,
      connectUrl: behind.url,
      publicConnectUrl: base,
      apiUrl: behind.url,
    });
    const authorize = viaProxy.authorizeUrl('st4te', CALLBACK);
    expect(authorize.startsWith(`${base}/oauth/authorize?`)).toBe(true);
    const back = await consent(authorize, { business_name: 'Behind a proxy' });
    const grant = await viaProxy.exchangeCode(back.searchParams.get('code')!, CALLBACK);
    expect(grant.accountName).toBe('Behind a proxy');

    const owner = stripeProvider({
      secretKey: behind.secretKey,
      webhookSecret: behind.webhookSecret,
      apiUrl: behind.url,
      account: grant.accountId,
    });
    const checkout = await owner.createCheckout({
      amount: 1000,
      currency: 'gbp',
      description: 'Deposit',
      successUrl: 'http://app.test/done',
      cancelUrl: 'http://app.test/cancel',
      metadata: {},
    });
    expect(checkout.url).toBe(`${base}/pay/${checkout.id}`);
    await pay(checkout.url);
    expect((await owner.retrieve(checkout.id)).paid).toBe(true);

    const customer = await sdk.customers.create({ email: 'ada@example.com' });
    const draft = await sdk.invoices.create({ customer: customer.id });
    await sdk.invoiceItems.create({ customer: customer.id, invoice: draft.id!, amount: 1500, currency: 'gbp' });
    const invoice = await sdk.invoices.finalizeInvoice(draft.id!);
    expect(invoice.hosted_invoice_url).toBe(`${base}/invoices/${invoice.id}`);
    expect(invoice.invoice_pdf).toBe(`${base}/invoices/${invoice.id}/pdf`);
    const hosted = await (await fetch(invoice.hosted_invoice_url!)).text();
    const pdfLink = new URL(
      unescape(/<a href="([^"]+)">Download PDF<\/a>/.exec(hosted)![1]),
      invoice.hosted_invoice_url!,
    );
    expect(pdfLink.toString()).toBe(invoice.invoice_pdf);
    const pdf = await fetch(pdfLink);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await pdf.arrayBuffer();
  });

  it('keeps its client id and connected accounts in its state file, and links to publicUrl after a restart', async () => {
    const first = behind!;
    const account = first.accounts()[0];
    await first.close();
    const base = `${proxyUrl}/other/prefix`;
    behind = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset', stateFile: file, publicUrl: base });
    running.push(behind);
    expect(behind.clientId).toBe(first.clientId);
    expect(behind.accounts()).toEqual([account]);
    expect(behind.payments()).toEqual(first.payments());
    const sdk = new Stripe(behind.secretKey, { host: '127.0.0.1', port: new URL(behind.url).port, protocol: 'http' });
    const ownSession = behind.payments().find((p) => p.account === account.id)!.session;
    const session = await sdk.checkout.sessions.retrieve(ownSession, {}, { stripeAccount: account.id });
    expect(session.url).toBe(`${base}/pay/${ownSession}`);
    expect((await sdk.accounts.retrieve(account.id)).business_profile?.name).toBe('Behind a proxy');
    const events = await sdk.events.list({ type: 'checkout.session.completed' });
    expect(events.data).toEqual([expect.objectContaining({ account: account.id })]);
    expect((events.data[0].data.object as Stripe.Checkout.Session).url).toBe(`${base}/pay/${ownSession}`);
  });
});
