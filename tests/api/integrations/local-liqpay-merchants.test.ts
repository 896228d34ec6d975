import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decodeData, signed, verify } from '../../../src/server/infra/billing/liqpay-protocol';
import { startLocalLiqpay, type LocalLiqpay } from '../../../dev/stand-ins/liqpay/server';

// The local LiqPay serving many merchants: the platform's key pair (owners' subscriptions) and owners' own accounts
// (their clients' deposits), each message read with the keys of the merchant it names, each merchant seeing only its
// own orders, each callback signed with its merchant's key. Browsers reach it through a proxy that strips a prefix,
// as the app serves it at /local/liqpay/….
const PREFIX = '/local/liqpay';
const RESULT_URL = 'http://app.test/booking/done';

type Keys = { publicKey: string; privateKey: string };
const running: { close(): Promise<void> }[] = [];

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push({ close: () => new Promise<void>((done) => server.close(() => done())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A tiny receiver of callbacks: each one's `data` and `signature` as they came. */
async function receiver() {
  const received: { data: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = ''; // ASCII only: base64 and URL encoding
    req.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push({ data: form.get('data') ?? '', signature: form.get('signature') ?? '' });
      res.writeHead(200).end();
    });
  });
  return { url: `${await listen(server)}/api/v1/liqpay/callback`, received };
}

/** The app's reverse proxy: `{proxy}/local/liqpay/…` forwarded to the stand-in's `/…`. */
async function proxy(target: string): Promise<string> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${PREFIX}/`)) return void res.writeHead(404).end();
    const headers = { ...req.headers, host: new URL(target).host };
    const upstream = http.request(`${target}${url.slice(PREFIX.length)}`, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  return listen(server);
}

let orders = 0;
/** A `pay` checkout's parameters, as the app makes one for a client's deposit. */
const deposit = (merchant: Keys, serverUrl: string, extra: Record<string, unknown> = {}) => ({
  version: 3,
  public_key: merchant.publicKey,
  action: 'pay',
  amount: '350.00',
  currency: 'UAH',
  description: 'Deposit: haircut',
  order_id: `dep_${(orders += 1)}`,
  result_url: RESULT_URL,
  server_url: serverUrl,
  info: JSON.stringify({ appointment_id: '42' }),
  language: 'en',
  ...extra,
});

/** A server request (`/api/request`) signed with `keys`, and LiqPay's JSON answer. */
async function request(liqpay: LocalLiqpay, keys: Keys, params: Record<string, unknown>) {
  const body = new URLSearchParams(signed(keys.privateKey, { version: 3, public_key: keys.publicKey, ...params }));
  const res = await fetch(`${liqpay.url}/api/request`, { method: 'POST', body });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const unescape = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/**
 * The client's browser: the checkout link opened, then the page's card form posted where its `action` points (read
 * from the page, resolved against the page's address), its hidden fields with it.
 */
async function payOnPage(link: string) {
  const page = await fetch(link);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = unescape(/<form method="post" action="([^"]*)"/.exec(html)![1]);
  const hidden = [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)];
  const body = new URLSearchParams(hidden.map(([, name, value]) => [name, unescape(value)]));
  for (const [name, value] of Object.entries({ card: '4242 4242 4242 4242', expiry: '12/34', cvv: '123' }))
    body.set(name, value);
  const paid = await fetch(new URL(action, link), { method: 'POST', body, redirect: 'manual' });
  return { html, action, paid };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

async function setUp(stateFile?: string) {
  const liqpay = await startLocalLiqpay({ stateFile });
  running.unshift(liqpay);
  const inbox = await receiver();
  const front = await proxy(liqpay.url);
  liqpay.setPublicUrl(`${front}${PREFIX}`);
  return { liqpay, inbox, front };
}

describe('the local LiqPay with many merchants', () => {
  it("takes a client's payment on merchant A's account, and calls back signed with A's key", async () => {
    const { liqpay, inbox, front } = await setUp();
    const a = liqpay.addMerchant('Hart Hair Studio');
    liqpay.addMerchant('Other Studio');
    expect(a.publicKey).toMatch(/^sandbox_i\d+$/);
    expect(a.privateKey).toMatch(/^sandbox_/);
    expect(liqpay.publicUrl).toBe(`${front}${PREFIX}`);
    const params = deposit(a, inbox.url);
    const query = new URLSearchParams(signed(a.privateKey, params)).toString();

    const { html, action, paid } = await payOnPage(`${liqpay.publicUrl}/api/3/checkout?${query}`);
    expect(action).toBe(`${PREFIX}/api/3/checkout/pay`);
    for (const part of ['Paid to', 'Hart Hair Studio', a.publicKey, '350.00 UAH']) expect(html).toContain(part);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(RESULT_URL);

    await liqpay.delivered();
    expect(inbox.received).toHaveLength(1);
    const [callback] = inbox.received;
    expect(verify(a.privateKey, callback.data, callback.signature)).toBe(true);
    expect(verify(liqpay.privateKey, callback.data, callback.signature)).toBe(false);
    expect(decodeData(callback.data)).toMatchObject({
      public_key: a.publicKey,
      action: 'pay',
      status: 'success',
      order_id: params.order_id,
      amount: 350,
      info: params.info,
    });
    expect(liqpay.payments()).toEqual([
      {
        order_id: params.order_id,
        payment_id: expect.any(Number),
        public_key: a.publicKey,
        merchant_name: 'Hart Hair Studio',
        amount: 35000,
        currency: 'UAH',
        status: 'success',
        refunded: 0,
        info: params.info,
      },
    ]);
    // Opened where the stand-in itself listens, with the prefix left on, it is the same page (this order paid now).
    const direct = await fetch(`${liqpay.url}${PREFIX}/api/3/checkout?${query}`);
    expect(direct.status).toBe(400);
    expect(await direct.text()).toContain('order_id_duplicate');
  });

  it("refunds only the merchant's own orders, and a full refund only once", async () => {
    const { liqpay, inbox } = await setUp();
    const [a, b] = [liqpay.addMerchant('A'), liqpay.addMerchant('B')];
    const params = deposit(a, inbox.url);
    const query = new URLSearchParams(signed(a.privateKey, params)).toString();
    // With no public URL, the card form posts relative to the page.
    liqpay.setPublicUrl(null);
    const { action, paid } = await payOnPage(`${liqpay.url}/api/3/checkout?${query}`);
    expect([action, paid.status]).toEqual(['checkout/pay', 303]);
    const order = { order_id: params.order_id };

    for (const action of ['status', 'refund'])
      expect(await request(liqpay, b, { action, ...order })).toMatchObject({
        result: 'error',
        err_code: 'payment_not_found',
      });
    expect(await request(liqpay, a, { action: 'status', ...order })).toMatchObject({ result: 'ok', status: 'success' });
    expect(await request(liqpay, a, { action: 'refund', ...order, amount: 400 })).toMatchObject({
      result: 'error',
      err_code: 'invalid_param',
    });

    const part = await request(liqpay, a, { action: 'refund', ...order, amount: 100 });
    expect(part).toMatchObject({ result: 'ok', action: 'refund', status: 'reversed', amount: 100 });
    expect(liqpay.payments()[0]).toMatchObject({ status: 'success', refunded: 10000 });
    const rest = await request(liqpay, a, { action: 'refund', ...order });
    expect(rest).toMatchObject({ result: 'ok', status: 'reversed', amount: 250, public_key: a.publicKey });
    const again = await request(liqpay, a, { action: 'refund', ...order, amount: '350.00' });
    expect(again).toEqual(rest);
    expect(await request(liqpay, a, { action: 'status', ...order })).toMatchObject({ status: 'reversed' });
    expect(liqpay.payments()[0]).toMatchObject({ public_key: a.publicKey, status: 'reversed', refunded: 35000 });

    await liqpay.delivered();
    const called = inbox.received.map((c) => {
      const data = decodeData(c.data)!;
      return [data.action, data.status, data.amount, verify(a.privateKey, c.data, c.signature)];
    });
    expect(called).toEqual([
      ['pay', 'success', 350, true],
      ['refund', 'reversed', 100, true],
      ['refund', 'reversed', 250, true],
    ]);
  });

  it('refuses a public key it does not know, and a merchant’s key signed by another', async () => {
    const { liqpay, inbox } = await setUp();
    const [a, b] = [liqpay.addMerchant('A'), liqpay.addMerchant('B')];
    const stranger = { publicKey: 'sandbox_i00000000000', privateKey: 'sandbox_nobody' };
    const page = (keys: Keys, signer: string) =>
      fetch(`${liqpay.url}/api/3/checkout?${new URLSearchParams(signed(signer, deposit(keys, inbox.url)))}`);

    const unknown = await page(stranger, stranger.privateKey);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('public_key_not_found');
    const forged = await page(a, b.privateKey);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('invalid_signature');
    expect(await request(liqpay, stranger, { action: 'status', order_id: 'x' })).toMatchObject({
      result: 'error',
      err_code: 'public_key_not_found',
    });
    expect(
      await request(liqpay, { ...a, privateKey: b.privateKey }, { action: 'status', order_id: 'x' }),
    ).toMatchObject({ result: 'error', err_code: 'invalid_signature' });
    expect(liqpay.payments()).toEqual([]);
  });

  it('makes sandbox keys on its page, and keeps merchants and their orders in its state file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-liqpay-merchants-'));
    running.push({ close: async () => fs.rmSync(dir, { recursive: true, force: true }) });
    const file = path.join(dir, 'liqpay.json');
    const { liqpay, inbox, front } = await setUp(file);

    const page = await fetch(`${front}${PREFIX}/_local/merchants`);
    const html = await page.text();
    expect(html).toContain('<title>LiqPay sandbox keys</title>');
    expect(html).toMatch(/<form method="post" action="\/local\/liqpay\/_local\/merchants">/);
    expect(html).toContain('Create sandbox keys');
    expect(html).not.toContain('<script');
    const made = await fetch(`${front}${PREFIX}/_local/merchants`, {
      method: 'POST',
      headers: { accept: 'text/html' },
      body: new URLSearchParams({ name: 'Studio <Nova>' }),
    });
    const shown = await made.text();
    expect(shown).toContain('Studio &#60;Nova&#62;: new keys');
    const [publicKey, privateKey] = ['public-key', 'private-key'].map(
      (id) => new RegExp(`id="${id}" [^>]*value="([^"]+)"`).exec(shown)![1],
    );
    expect([publicKey, privateKey]).toEqual([expect.stringMatching(/^sandbox_i/), expect.stringMatching(/^sandbox_/)]);

    const json = await fetch(`${liqpay.url}/_local/merchants`, { method: 'POST', body: '{"name":"By API"}' });
    expect(json.status).toBe(201);
    const byApi = (await json.json()) as Keys & { name: string };
    expect(byApi).toMatchObject({ name: 'By API', publicKey: expect.stringMatching(/^sandbox_i/) });

    const nova = { publicKey, privateKey };
    const params = deposit(nova, inbox.url);
    const query = new URLSearchParams(signed(privateKey, params)).toString();
    expect((await payOnPage(`${liqpay.url}/api/3/checkout?${query}`)).paid.status).toBe(303);
    await liqpay.close();

    const again = await startLocalLiqpay({ stateFile: file });
    running.unshift(again);
    expect(again).toMatchObject({ publicKey: liqpay.publicKey, privateKey: liqpay.privateKey });
    expect(again.payments()).toMatchObject([{ order_id: params.order_id, public_key: publicKey }]);
    expect(await request(again, nova, { action: 'status', order_id: params.order_id })).toMatchObject({
      result: 'ok',
      status: 'success',
    });
    expect(await request(again, byApi, { action: 'status', order_id: params.order_id })).toMatchObject({
      err_code: 'payment_not_found',
    });
  });
});
