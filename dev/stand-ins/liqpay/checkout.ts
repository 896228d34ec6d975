import { randomHex } from '../../../src/server/infra/crypto';
import { payOnce, subscribe, type Ledger } from './billing';
import { merchantOf, privateKeyOf } from './merchants';
import { checkoutPage, donePage, errorPage, type CardProblem, type CheckoutView } from './pages';
import { paidOf } from './refunds';
import { open, type Params } from '../../../src/server/infra/billing/liqpay-protocol';
import {
  CURRENCIES,
  nowOf,
  orderKey,
  param,
  PERIODICITIES,
  type Card,
  type Language,
  type Merchant,
  type Order,
  type Periodicity,
  type Reply,
} from './types';

/** The test card that is declined on the page, as LiqPay's sandbox declines it. */
export const DECLINED_CARD = '4000000000000002';
/** The test card that is accepted on the page, after which every charge of its subscription fails. */
export const FAILING_CARD = '4000000000000341';

/** A checkout's parameters, checked: what the page shows and what paying it makes. */
interface Checkout {
  data: string;
  signature: string;
  /** Whom the payer pays: the merchant whose key signed the checkout. */
  merchant: Merchant;
  action: 'pay' | 'subscribe';
  order_id: string;
  description: string;
  /** Minor units. */
  amount: number;
  currency: string;
  language: Language;
  server_url: string | null;
  result_url: string | null;
  info: string | null;
  sandbox: boolean;
  /** For `subscribe`: how often, and the start (unix seconds). */
  subscription: { periodicity: Periodicity; start: number } | null;
}

class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly language: Language = 'uk',
  ) {
    super(message);
  }
}

/** `subscribe_date_start`, "YYYY-MM-DD HH:mm:ss" in UTC (the time may be left out), as unix seconds. */
function dateStart(value: string, language: Language): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  const unix = m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) / 1000 : NaN;
  if (!Number.isFinite(unix)) throw new Refused('invalid_param', `Invalid subscribe_date_start: ${value}`, language);
  return unix;
}

/** The checkout request's parameters read and checked, or `Refused` with what LiqPay would say. */
function readCheckout(ledger: Ledger, data: unknown, signature: unknown): Checkout {
  const opened = open(privateKeyOf(ledger), data, signature);
  if ('error' in opened) throw new Refused(opened.error.err_code, opened.error.err_description, 'en');
  const p: Params = opened.params;
  const merchant = merchantOf(ledger, p.public_key as string)!;
  const language: Language = p.language === 'en' ? 'en' : 'uk';
  const refuse = (param: string) => new Refused('invalid_param', `Invalid or missing parameter: ${param}`, language);
  const action = param(p.action);
  if (action !== 'pay' && action !== 'subscribe')
    throw new Refused('err_api_action', `The local LiqPay takes action pay or subscribe, not ${action}`, language);
  const orderId = param(p.order_id);
  if (!orderId) throw new Refused('order_id_empty', 'Order_id is empty', language);
  const amount = Math.round(Number(param(p.amount)) * 100);
  if (!Number.isFinite(amount) || amount <= 0) throw refuse('amount');
  const currency = param(p.currency);
  if (!currency || !CURRENCIES.includes(currency)) throw refuse('currency');
  const description = param(p.description);
  if (!description) throw refuse('description');
  let subscription: Checkout['subscription'] = null;
  if (action === 'subscribe') {
    const periodicity = param(p.subscribe_periodicity) as Periodicity;
    if (!PERIODICITIES.includes(periodicity)) throw refuse('subscribe_periodicity');
    const start = param(p.subscribe_date_start);
    subscription = { periodicity, start: start ? dateStart(start, language) : 0 };
  }
  const done = ledger.state.orders.get(orderKey(merchant.publicKey, orderId));
  if (done && (done.action === 'subscribe' || paidOf(ledger.state, merchant.publicKey, orderId)))
    throw new Refused('order_id_duplicate', 'Order with this order_id already exists', language);
  return {
    data: data as string,
    signature: signature as string,
    merchant,
    action,
    order_id: orderId,
    description,
    amount,
    currency,
    language,
    server_url: param(p.server_url) ?? null,
    result_url: param(p.result_url) ?? null,
    info: typeof p.info === 'string' && p.info !== '' ? p.info : null,
    sandbox: String(p.sandbox) === '1',
    subscription,
  };
}

function viewOf(c: Checkout, now: number, action: string): CheckoutView {
  const sub = c.subscription;
  return {
    data: c.data,
    signature: c.signature,
    action,
    payee: { name: c.merchant.name, publicKey: c.merchant.publicKey },
    language: c.language,
    description: c.description,
    amount: c.amount,
    currency: c.currency,
    subscription: sub ? { periodicity: sub.periodicity, firstCharge: sub.start > now ? sub.start : null } : null,
  };
}

/** Luhn's check digit: what tells a card number from a typo. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The card typed on the page, and whether it is the declining one; or what is wrong with it. Expiry is checked
 * against the stand-in's clock.
 */
function readCard(
  form: URLSearchParams,
  now: number,
): { card: Card; declined: boolean } | Exclude<CardProblem, 'declined'> {
  const number = (form.get('card') ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return 'badCard';
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.get('expiry') ?? '');
  const month = Number(exp?.[1]);
  const year = exp?.[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp?.[2]);
  const today = new Date(now * 1000);
  if (!exp || month < 1 || month > 12 || year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1)
    return 'badExpiry';
  if (!/^\d{3,4}$/.test((form.get('cvv') ?? '').trim())) return 'badCvv';
  const type = number.startsWith('4') ? 'visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'mc' : 'other';
  const card = { mask2: `${number.slice(0, 6)}*${number.slice(-2)}`, type, failing: number === FAILING_CARD };
  return { card, declined: number === DECLINED_CARD };
}

function newOrder(c: Checkout, card: Card, now: number, liqpayOrderId?: string): Order {
  return {
    public_key: c.merchant.publicKey,
    order_id: c.order_id,
    liqpay_order_id: liqpayOrderId ?? `${randomHex(5).toUpperCase()}${Date.now()}`,
    action: c.action,
    description: c.description,
    amount: c.amount,
    currency: c.currency,
    server_url: c.server_url,
    info: c.info,
    language: c.language,
    sandbox: c.sandbox,
    card,
    create_date: now * 1000,
    subscription: null,
  };
}

/**
 * The card form sent. A card that is not valid shows the page again (400). The declining card shows it with the
 * error (402): for a subscription nothing is made; a one-off payment records the attempt and calls back `failure`
 * (the payer may try another card). Otherwise the order is made (`pay`: paid; `subscribe`: subscribed, and
 * charged at once when it starts now) and the payer is sent on to `result_url`.
 */
function payPage(ledger: Ledger, form: URLSearchParams, action: string): Reply {
  const c = readCheckout(ledger, form.get('data'), form.get('signature'));
  const now = nowOf(ledger.state);
  const typed = { card: form.get('card') ?? '', expiry: form.get('expiry') ?? '', cvv: form.get('cvv') ?? '' };
  const read = readCard(form, now);
  if (typeof read === 'string') return { html: checkoutPage(viewOf(c, now, action), read, typed), status: 400 };
  const declinedPage: Reply = { html: checkoutPage(viewOf(c, now, action), 'declined', typed), status: 402 };
  if (read.declined && c.action === 'subscribe') return declinedPage;
  const key = orderKey(c.merchant.publicKey, c.order_id);
  const order = newOrder(c, read.card, now, ledger.state.orders.get(key)?.liqpay_order_id);
  ledger.state.orders.set(key, order);
  if (c.action === 'pay') {
    payOnce(ledger, order, now, read.declined);
    if (read.declined) return declinedPage;
  } else subscribe(ledger, order, c.subscription!.periodicity, c.subscription!.start, now);
  return c.result_url ? { redirect: c.result_url } : { html: donePage(c.language, c.description) };
}

/** The answer to a checkout refused: LiqPay's error page, 400. */
const refusal = (err: Refused): Reply => ({ html: errorPage(err.language, err.code, err.message), status: 400 });

/**
 * Where the card form posts: under `base` (the path browsers reach the stand-in at, as `publicUrl` says) when it is
 * known, else relative to the page's own path; either way the page works behind a proxy that strips a prefix.
 */
const payAction = (base: string | null, path: string): string =>
  base !== null ? `${base}/api/3/checkout/pay` : path.endsWith('/checkout') ? 'checkout/pay' : 'pay';

/**
 * The hosted checkout: `GET /api/3/checkout?data=…&signature=…` or `POST /api/3/checkout` with them as a form
 * shows the page, signed by any merchant the stand-in knows; its card form posts to `/api/3/checkout/pay` (under
 * `base` when given: see `payAction`).
 */
export function checkoutRoute(
  ledger: Ledger,
  request: { method: string; path: string; input: URLSearchParams; base: string | null },
): Reply | null {
  const { method, path, input } = request;
  const action = payAction(request.base, path);
  try {
    if (/^\/api\/3\/checkout\/?$/.test(path) && (method === 'GET' || method === 'POST')) {
      const c = readCheckout(ledger, input.get('data'), input.get('signature'));
      return { html: checkoutPage(viewOf(c, nowOf(ledger.state), action)) };
    }
    if (path === '/api/3/checkout/pay' && method === 'POST') return payPage(ledger, input, action);
    return null;
  } catch (err) {
    if (err instanceof Refused) return refusal(err);
    throw err;
  }
}
