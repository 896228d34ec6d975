import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decodeData, encodeData, sign, verify } from '../../../src/server/infra/billing/liqpay-protocol';
import { startLocalLiqpay, type LocalLiqpay } from '../../../dev/stand-ins/liqpay/server';

// The local stand-in for LiqPay, driven over HTTP as the app and a browser drive LiqPay: a signed checkout form,
// the card page, signed callbacks to `server_url`, and server requests to `/api/request`.
const DAY = 86_400;
const RESULT_URL = 'http://app.test/billing/done';

const running: { close(): Promise<void> }[] = [];

/** A small receiver for callbacks: each one decoded, its signature checked; the first `failing` answered 500. */
async function receiver(privateKey: () => string) {
  const received: { data: Record<string, unknown>; valid: boolean; answered: number }[] = [];
  const r = { url: '', received, failing: 0, close: () => new Promise<void>((done) => server.close(() => done())) };
  const server = http.createServer((req, res) => {
    let body = ''; // ASCII only: base64 and URL encoding
    req.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const data = form.get('data') ?? '';
      const answered = r.failing > 0 ? 500 : 200;
      if (r.failing > 0) r.failing -= 1;
      const valid =
        req.headers['content-type'] === 'application/x-www-form-urlencoded' &&
        verify(privateKey(), data, form.get('signature') ?? '');
      r.received.push({ data: decodeData(data) ?? {}, valid, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/billing/liqpay`;
  running.push(r);
  return r;
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

async function start(stateFile?: string): Promise<{ liqpay: LocalLiqpay; inbox: Receiver }> {
  const liqpay = await startLocalLiqpay({ stateFile });
  running.unshift(liqpay);
  return { liqpay, inbox: await receiver(() => liqpay.privateKey) };
}

/** The callbacks that arrived and were acknowledged, in order. */
const callbacks = (inbox: Receiver) => inbox.received.filter((c) => c.answered === 200).map((c) => c.data);

/** The acknowledged callbacks as [action, status, amount]: what most checks compare. */
const seen = (inbox: Receiver) => callbacks(inbox).map((c) => [c.action, c.status, c.amount]);

/** 'YYYY-MM-DD HH:mm:ss' in UTC, as `subscribe_date_start` takes it. */
const dateStart = (unix: number) => new Date(unix * 1000).toISOString().replace('T', ' ').slice(0, 19);

function form(privateKey: string, params: Record<string, unknown>, extra: Record<string, string> = {}) {
  const data = encodeData(params);
  return new URLSearchParams({ data, signature: sign(privateKey, data), ...extra });
}

let orders = 0;
function subscription(liqpay: LocalLiqpay, inbox: Receiver, overrides: Record<string, unknown> = {}) {
  return {
    version: 3,
    public_key: liqpay.publicKey,
    action: 'subscribe',
    amount: '599.00',
    currency: 'UAH',
    description: 'Soloist Pro',
    order_id: `sub-${(orders += 1)}`,
    subscribe: '1',
    subscribe_date_start: dateStart(liqpay.now() + 2 * DAY),
    subscribe_periodicity: 'month',
    server_url: inbox.url,
    result_url: RESULT_URL,
    language: 'en',
    ...overrides,
  };
}

/** A form posted as a browser posts it; a redirect is not followed (its `location` is what is checked). */
const post = (url: string, body: URLSearchParams) => fetch(url, { method: 'POST', body, redirect: 'manual' });

/** The card page sent with `card` (any future expiry, any CVV), as the browser sends it. */
const payWith = (liqpay: LocalLiqpay, params: Record<string, unknown>, card: string) =>
  post(`${liqpay.url}/api/3/checkout/pay`, form(liqpay.privateKey, params, { card, expiry: '12/34', cvv: '123' }));

async function request(liqpay: LocalLiqpay, params: Record<string, unknown>, key = liqpay.privateKey) {
  const message = { version: 3, public_key: liqpay.publicKey, ...params };
  const res = await post(`${liqpay.url}/api/request`, form(key, message));
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

describe('the local stand-in for LiqPay', () => {
  it('signs as LiqPay does: base64 of the raw SHA-1 of private key + data + private key', () => {
    expect(decodeData(encodeData({ version: 3, order_id: 'o1' }))).toEqual({ version: 3, order_id: 'o1' });
    // The same as `echo -n "keyabckey" | openssl dgst -binary -sha1 | base64`.
    const signature = 'pe82IUNh0iRtcNBG4fA7+Jy6PEA=';
    expect(sign('key', 'abc')).toBe(signature);
    expect([verify('key', 'abc', signature), verify('other', 'abc', signature)]).toEqual([true, false]);
  });

  it('subscribes on its card page, then charges at the start and each month after', async () => {
    const { liqpay, inbox } = await start();
    const params = subscription(liqpay, inbox);
    const startAt = Date.parse(`${params.subscribe_date_start.replace(' ', 'T')}Z`) / 1000;

    const page = await post(`${liqpay.url}/api/3/checkout`, form(liqpay.privateKey, params));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    for (const part of ['<html lang="en">', 'Soloist Pro', '599.00 UAH']) expect(html).toContain(part);
    expect(html).not.toContain('<script');
    for (const id of ['card', 'expiry', 'cvv']) expect(html).toContain(`<label for="${id}">`);
    // A link with the message in its query shows the same page, as LiqPay's does.
    const link = await fetch(`${liqpay.url}/api/3/checkout?${form(liqpay.privateKey, params).toString()}`);
    expect(link.status).toBe(200);

    const paid = await payWith(liqpay, params, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(RESULT_URL);
    await liqpay.delivered();
    expect(inbox.received.every((c) => c.valid)).toBe(true);
    expect(seen(inbox)).toEqual([['subscribe', 'subscribed', 599]]);
    const [made] = callbacks(inbox);
    expect(made).toMatchObject({
      version: 3,
      public_key: liqpay.publicKey,
      order_id: params.order_id,
      currency: 'UAH',
    });
    expect(made).toMatchObject({ description: 'Soloist Pro', sender_card_mask2: '424242*42', liqpay_order_id: /\w/ });
    expect([made.payment_id, made.create_date, made.end_date].every(Number.isInteger)).toBe(true);

    await liqpay.advance(DAY);
    expect(callbacks(inbox)).toHaveLength(1);
    await liqpay.advance(DAY + 60);
    const first = callbacks(inbox)[1];
    expect(first).toMatchObject({ action: 'regular', status: 'success', amount: 599, order_id: params.order_id });
    expect(first.create_date).toBe(startAt * 1000);
    expect(first.payment_id).not.toBe(callbacks(inbox)[0].payment_id);

    await liqpay.advance(31 * DAY);
    expect(callbacks(inbox)).toHaveLength(3);
    const month = new Date(startAt * 1000);
    month.setUTCMonth(month.getUTCMonth() + 1);
    expect(callbacks(inbox)[2]).toMatchObject({ action: 'regular', status: 'success', create_date: month.getTime() });
    const status = await request(liqpay, { action: 'status', order_id: params.order_id });
    expect(status).toMatchObject({ result: 'ok', action: 'regular', status: 'success', amount: 599 });
    expect(liqpay.subscriptions()).toMatchObject([{ order_id: params.order_id, status: 'subscribed' }]);
    expect(liqpay.subscriptions()[0].charges.map((c) => c.status)).toEqual(['success', 'success']);
  });

  it('charges at once when the start is past, and every charge fails for the 0341 card', async () => {
    const { liqpay, inbox } = await start();
    const params = subscription(liqpay, inbox, { subscribe_date_start: '2020-01-01 00:00:00', amount: 599 });
    expect((await payWith(liqpay, params, '4000 0000 0000 0341')).status).toBe(303);
    await liqpay.delivered();
    expect(callbacks(inbox)).toEqual([
      expect.objectContaining({ action: 'subscribe', status: 'subscribed', sender_card_mask2: '400000*41' }),
      expect.objectContaining({ action: 'regular', status: 'failure', amount: 599, err_code: 'limit' }),
    ]);
    await liqpay.advance(32 * DAY);
    expect(seen(inbox)[2]).toEqual(['regular', 'failure', 599]);
    expect(liqpay.subscriptions()[0]).toMatchObject({ status: 'subscribed' });
  });

  it('declines the 0002 card on the page and makes nothing', async () => {
    const { liqpay, inbox } = await start();
    const params = subscription(liqpay, inbox);
    const res = await payWith(liqpay, params, '4000 0000 0000 0002');
    expect(res.status).toBe(402);
    expect(await res.text()).toMatch(/role="alert"[^>]*>The card was declined/);
    expect((await payWith(liqpay, params, '4242 4242 4242 4241')).status).toBe(400);
    await liqpay.delivered();
    expect(inbox.received).toEqual([]);
    expect(liqpay.subscriptions()).toEqual([]);
    const status = await request(liqpay, { action: 'status', order_id: params.order_id });
    expect(status).toMatchObject({ result: 'error', err_code: 'payment_not_found' });
  });

  it('bills the next charges what subscribe_update says', async () => {
    const { liqpay, inbox } = await start();
    const params = subscription(liqpay, inbox, { subscribe_date_start: dateStart(liqpay.now() - DAY) });
    await payWith(liqpay, params, '4242424242424242');
    await liqpay.delivered();
    expect(seen(inbox)).toEqual([
      ['subscribe', 'subscribed', 599],
      ['regular', 'success', 599],
    ]);
    const update = { action: 'subscribe_update', amount: 799, currency: 'UAH', description: 'Soloist Studio' };
    const updated = await request(liqpay, { ...update, order_id: params.order_id });
    expect(updated).toMatchObject({ result: 'ok', status: 'subscribed', amount: 799, order_id: params.order_id });
    await liqpay.advance(31 * DAY);
    expect(callbacks(inbox)[2]).toMatchObject({ action: 'regular', amount: 799, description: 'Soloist Studio' });
    const unknown = await request(liqpay, { ...update, order_id: 'nope' });
    expect(unknown).toMatchObject({ result: 'error', status: 'error', err_code: 'payment_not_found' });
  });

  it('stops charging after unsubscribe and calls back unsubscribed', async () => {
    const { liqpay, inbox } = await start();
    const params = subscription(liqpay, inbox, { subscribe_periodicity: 'week' });
    await payWith(liqpay, params, '4242424242424242');
    const answer = await request(liqpay, { action: 'unsubscribe', order_id: params.order_id });
    expect(answer).toMatchObject({ result: 'ok', status: 'unsubscribed', order_id: params.order_id });
    await liqpay.delivered();
    expect(callbacks(inbox).map((c) => c.status)).toEqual(['subscribed', 'unsubscribed']);
    expect(callbacks(inbox)[1]).toMatchObject({ action: 'unsubscribe', order_id: params.order_id });
    await liqpay.advance(60 * DAY);
    expect(callbacks(inbox)).toHaveLength(2);
    expect(liqpay.subscriptions()[0]).toMatchObject({ status: 'unsubscribed', next_charge_date: null, charges: [] });
    const again = await request(liqpay, { action: 'unsubscribe', order_id: params.order_id });
    expect(again).toMatchObject({ result: 'error', err_code: 'payment_not_subscribed' });
  });

  it('refuses bad signatures on the checkout and on /api/request', async () => {
    const { liqpay, inbox } = await start();
    const params = subscription(liqpay, inbox);
    const forged = form('not-the-key', params);
    const page = await post(`${liqpay.url}/api/3/checkout`, forged);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Invalid signature');
    const get = await fetch(`${liqpay.url}/api/3/checkout?${forged.toString()}`);
    expect(get.status).toBe(400);
    forged.set('card', '4242424242424242');
    expect((await post(`${liqpay.url}/api/3/checkout/pay`, forged)).status).toBe(400);
    const status = await request(liqpay, { action: 'status', order_id: 'x' }, 'not-the-key');
    expect(status).toMatchObject({ result: 'error', err_code: 'invalid_signature' });
    expect(await request(liqpay, { action: 'status' })).toMatchObject({ result: 'error', err_code: 'order_id_empty' });
    await liqpay.delivered();
    expect(inbox.received).toEqual([]);
  });

  it('takes one-off payments, refuses a paid order_id again, and retries a callback answered 500', async () => {
    const { liqpay, inbox } = await start();
    const params = { ...subscription(liqpay, inbox), action: 'pay', order_id: 'pay-1', language: 'uk' };
    inbox.failing = 1;
    const uk = await post(`${liqpay.url}/api/3/checkout`, form(liqpay.privateKey, params));
    expect(await uk.text()).toContain('<html lang="uk">');
    // A declined one-off payment is called back as a failure; the payer may then pay with another card.
    expect((await payWith(liqpay, params, '4000000000000002')).status).toBe(402);
    expect((await payWith(liqpay, params, '4242424242424242')).status).toBe(303);
    await liqpay.delivered();
    expect(inbox.received.map((c) => c.answered)).toEqual([500, 200, 200]);
    expect(callbacks(inbox)).toEqual([
      expect.objectContaining({ action: 'pay', status: 'failure', err_code: 'limit', sender_card_mask2: '400000*02' }),
      expect.objectContaining({ action: 'pay', status: 'success', amount: 599, sender_card_mask2: '424242*42' }),
    ]);
    expect(callbacks(inbox)[0].liqpay_order_id).toBe(callbacks(inbox)[1].liqpay_order_id);
    const again = await post(`${liqpay.url}/api/3/checkout`, form(liqpay.privateKey, params));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('order_id_duplicate');
  });

  it('moves its clock over HTTP too', async () => {
    const { liqpay, inbox } = await start();
    const params = subscription(liqpay, inbox, { subscribe_periodicity: 'day' });
    await payWith(liqpay, params, '4242424242424242');
    const body = JSON.stringify({ seconds: 4 * DAY });
    const res = await fetch(`${liqpay.url}/_local/advance`, { method: 'POST', body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ offset: 4 * DAY });
    await liqpay.delivered();
    // Started in two days, daily: the charges of day 2, 3 and 4, in order.
    expect(callbacks(inbox).map((c) => c.action)).toEqual(['subscribe', 'regular', 'regular', 'regular']);
    const [, second, third] = callbacks(inbox).slice(1);
    expect(Number(third.create_date) - Number(second.create_date)).toBe(DAY * 1000);
  });

  it('keeps its keys, orders, payments and clock in its state file across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-liqpay-'));
    running.push({ close: async () => fs.rmSync(dir, { recursive: true, force: true }) });
    const file = path.join(dir, 'nested', 'liqpay.json');
    const first = await start(file);
    const params = subscription(first.liqpay, first.inbox);
    await payWith(first.liqpay, params, '4242424242424242');
    await first.liqpay.advance(3 * DAY);
    const before = first.liqpay.subscriptions();
    expect(before[0].charges).toHaveLength(1);
    await first.liqpay.close();

    const again = await startLocalLiqpay({ stateFile: file });
    running.unshift(again);
    expect(again).toMatchObject({ publicKey: first.liqpay.publicKey, privateKey: first.liqpay.privateKey });
    expect(again.now()).toBeGreaterThanOrEqual(first.liqpay.now());
    expect(again.subscriptions()).toEqual(before);
    const status = await request(again, { action: 'status', order_id: params.order_id });
    expect(status).toMatchObject({ result: 'ok', action: 'regular', status: 'success' });
    await again.advance(31 * DAY);
    expect(first.inbox.received.filter((c) => c.data.action === 'regular')).toHaveLength(2);
    expect(first.inbox.received.every((c) => c.valid)).toBe(true);
  });
});
