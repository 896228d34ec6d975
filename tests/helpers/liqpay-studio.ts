import net from 'node:net';
import { decodeData } from '../../src/server/infra/billing/liqpay-protocol';
import { startLocalLiqpay, type LocalLiqpay } from '../../dev/stand-ins/liqpay/server';
import type { Config } from '../../src/server/config';
import { loggedIn, testApp, type Agent, type TestApp } from './app';

export const DAY = 86_400;

/** What a LiqPay test file shares; filled in by `liqpayStudio()`'s beforeAll. */
export interface LiqpayStudio {
  t: TestApp;
  liqpay: LocalLiqpay;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * An app whose UA owners pay through the local LiqPay, its callbacks reaching this app over HTTP — or, with
 * `callbacks: 'lost'`, an address nobody answers, so that only the app's own `status` requests tell it anything.
 * `config`: settings of the app besides (a deployment's currency).
 */
export function liqpayStudio(
  options: { callbacks?: 'delivered' | 'lost'; config?: Partial<Config> } = {},
): LiqpayStudio {
  const studio = {} as LiqpayStudio;
  beforeAll(async () => {
    studio.liqpay = await startLocalLiqpay({});
    const port = await freePort();
    studio.t = await testApp({
      liqpayPublicKey: studio.liqpay.publicKey,
      liqpayPrivateKey: studio.liqpay.privateKey,
      liqpayApiUrl: studio.liqpay.url,
      appUrl: `http://127.0.0.1:${port}`,
      ...options.config,
    });
    if (options.callbacks !== 'lost') await studio.t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await studio.t.close();
    await studio.liqpay.close();
  });
  return studio;
}

/** A UA owner on the free trial, ending in `trialDays` on the local LiqPay's clock. */
export async function uaOwner(studio: LiqpayStudio, trialDays = 14) {
  const { agent, user } = await loggedIn(studio.t.app, {});
  const trialEnd = new Date((studio.liqpay.now() + trialDays * DAY) * 1000).toISOString();
  await studio.t.app.db
    .updateTable('users')
    .set({ region: 'UA', plan_name: null, subscription_status: 'trialing', trial_ends_at: trialEnd })
    .where('id', '=', user.id)
    .execute();
  return { agent, user };
}

/** The owner's browser on LiqPay's page: the checkout form posted, then the card form; its callbacks awaited. */
export async function payOnPage(studio: LiqpayStudio, agent: Agent, query: string, card = '4242 4242 4242 4242') {
  const res = await agent.get(`/api/v1/liqpay/widget?${query}`);
  if (res.statusCode !== 200) throw new Error(res.body);
  const checkout = res.json().data as { url: string; data: string; signature: string };
  const post = (path: string, extra: Record<string, string> = {}) =>
    fetch(new URL(path, checkout.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data: checkout.data, signature: checkout.signature, ...extra }).toString(),
      redirect: 'manual',
    });
  const page = await post('/api/3/checkout');
  if (page.status !== 200) throw new Error(`LiqPay's page answered ${page.status}`);
  const paid = await post('/api/3/checkout/pay', { card, expiry: '12/34', cvv: '123' });
  await studio.liqpay.delivered();
  return { checkout, status: paid.status, params: decodeData(checkout.data)! };
}

/** The local LiqPay's clock moved on, each payment falling due charged and called back. */
export async function advance(studio: LiqpayStudio, days: number) {
  await studio.liqpay.advance(days * DAY);
  await studio.liqpay.delivered();
}

export const history = async (agent: Agent) => (await agent.get('/api/v1/subscription/history')).json().data;
