import http from 'node:http';
import { newToken, numericCode } from '../../crypto';
import type { AddressInfo } from 'node:net';
import { readBody } from '../local-stripe/http';
import { chargeDue, nextChargeAt, type Ledger } from './billing';
import { callbackQueue } from './callbacks';
import { checkoutRoute } from './checkout';
import { apiRequest } from './requests';
import { readStateFile, writeStateFile, type Keys } from './state-file';
import { major, newState, nowOf, type Periodicity, type Reply, type State } from './types';

/** A subscription as a test reads it (`subscriptions()`): a copy, in LiqPay's units (amounts major, dates ms). */
export interface LocalLiqpaySubscription {
  order_id: string;
  liqpay_order_id: string;
  status: 'subscribed' | 'unsubscribed';
  amount: number;
  currency: string;
  description: string;
  periodicity: Periodicity;
  /** When the next charge falls due (unix ms on the stand-in's clock); null once unsubscribed. */
  next_charge_date: number | null;
  sender_card_mask2: string;
  /** Its `regular` charges so far, with how each went (`success`, `failure`, `sandbox`). */
  charges: { payment_id: number; status: string; amount: number; create_date: number }[];
}

export interface LocalLiqpay {
  /** The base URL to use instead of `https://www.liqpay.ua` (`{url}/api/3/checkout`, `{url}/api/request`). */
  url: string;
  publicKey: string;
  privateKey: string;
  /**
   * Moves the stand-in's clock on by `seconds` and charges every payment that falls due meanwhile, in order, each
   * with its callback; resolves once they are delivered. (Not part of LiqPay's API: a local aid for tests and demos,
   * also `POST {url}/_local/advance` with `{"seconds": n}`.)
   */
  advance(seconds: number): Promise<void>;
  /** The stand-in's time (unix seconds): real time plus what `advance` has moved it by. */
  now(): number;
  /** Resolves once every callback so far has been delivered (or has run out of retries): what a test waits for. */
  delivered(): Promise<void>;
  subscriptions(): readonly LocalLiqpaySubscription[];
  close(): Promise<void>;
}

/** How often the real-time clock looks for charges that have fallen due. */
const TICK_MS = 60_000;

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:";

function send(res: http.ServerResponse, reply: Reply): void {
  if ('redirect' in reply) {
    res.writeHead(303, { location: reply.redirect });
    res.end();
  } else if ('html' in reply) {
    res.writeHead(reply.status ?? 200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP });
    res.end(reply.html);
  } else {
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(reply.json));
  }
}

/** Keys that look like LiqPay's sandbox keys, made when none is given or kept. */
const newKeys = (): Keys => ({
  publicKey: `sandbox_i${numericCode(11)}`,
  privateKey: `sandbox_${newToken(30)}`,
});

function subscriptionsOf(state: State): LocalLiqpaySubscription[] {
  return [...state.orders.values()].flatMap((order) => {
    const s = order.subscription;
    if (!s) return [];
    const next = nextChargeAt(order);
    const charges = state.payments
      .filter((p) => p.order_id === order.order_id && p.action === 'regular')
      .map((p) => ({
        payment_id: p.payment_id,
        status: p.status,
        amount: Number(p.amount),
        create_date: Number(p.create_date),
      }));
    return [
      {
        order_id: order.order_id,
        liqpay_order_id: order.liqpay_order_id,
        status: s.status,
        amount: major(order.amount),
        currency: order.currency,
        description: order.description,
        periodicity: s.periodicity,
        next_charge_date: next === null ? null : next * 1000,
        sender_card_mask2: order.card.mask2,
        charges,
      },
    ];
  });
}

/**
 * A stand-in for LiqPay (API v3) on 127.0.0.1, for development and tests, that the app's LiqPay code talks to
 * unchanged, as it would to `https://www.liqpay.ua`: the hosted checkout (`/api/3/checkout`, `action` `pay` or
 * `subscribe`) with a card page, server requests (`/api/request`: `status`, `unsubscribe`, `subscribe_update`), and
 * signed callbacks to each order's `server_url`. Subscriptions are charged at each period from their start: in real
 * time (checked once a minute) and when the local clock is moved on (`advance`, which LiqPay does not have).
 *
 * The key pair is `publicKey`/`privateKey` when given, else the state file's, else new sandbox-like keys. Everything
 * is in memory, and also in `stateFile` when given: read at the start (a file that cannot be used is ignored and
 * replaced on the next change), written whole after every request that may change something and every charge.
 * A request that causes callbacks answers once they are delivered, unless it arrived while callbacks were being
 * delivered (it may come from the app's callback handler itself, which must not wait for itself).
 */
export async function startLocalLiqpay(
  options: { port?: number; host?: string; publicKey?: string; privateKey?: string; stateFile?: string } = {},
): Promise<LocalLiqpay> {
  const { stateFile } = options;
  const saved = stateFile ? readStateFile(stateFile) : null;
  const given =
    options.publicKey && options.privateKey ? { publicKey: options.publicKey, privateKey: options.privateKey } : null;
  const keys: Keys = given ?? saved?.keys ?? newKeys();
  const state = saved?.state ?? newState();
  const callbacks = callbackQueue(() => keys.privateKey);
  const ledger: Ledger = { state, callbacks, ...keys };
  const persist = () => {
    if (stateFile) writeStateFile(stateFile, keys, state);
  };
  /** Charges what has fallen due by the stand-in's time; keeps the state when anything was charged. */
  const catchUp = () => {
    const before = state.payments.length;
    chargeDue(ledger, nowOf(state));
    if (state.payments.length !== before) persist();
  };
  const advance = (seconds: number) => {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('The clock only moves on: seconds ≥ 0.');
    state.offset += seconds;
    chargeDue(ledger, nowOf(state));
    persist();
  };

  function local(body: string): Reply {
    let seconds: unknown;
    try {
      seconds = (JSON.parse(body) as { seconds?: unknown }).seconds;
    } catch {
      seconds = undefined;
    }
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
      return { json: { error: 'Send {"seconds": n}, n ≥ 0.' }, status: 400 };
    advance(seconds);
    const now = nowOf(state);
    return { json: { now: new Date(now * 1000).toISOString(), unix: now, offset: state.offset } };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const waits = callbacks.idle();
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : '';
    const form = new URLSearchParams(body);
    let reply: Reply | null;
    if (url.pathname === '/api/request' && method === 'POST') reply = { json: apiRequest(ledger, form) };
    else if (url.pathname === '/_local/advance' && method === 'POST') reply = local(body);
    else
      reply = checkoutRoute(
        ledger,
        method,
        url.pathname,
        method === 'POST' && form.has('data') ? form : url.searchParams,
      );
    if (method !== 'GET') persist();
    if (!reply) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('Not found');
    }
    if (waits) await callbacks.flush();
    send(res, reply);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ result: 'error', status: 'error', err_description: 'The local stand-in failed.' }));
      else res.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  catchUp();
  // New keys (or others given) are kept at once: the app is configured with them before anything else happens.
  if (saved?.keys.publicKey !== keys.publicKey || saved.keys.privateKey !== keys.privateKey) persist();
  const timer = setInterval(catchUp, TICK_MS);
  timer.unref();
  return {
    url: `http://${shown}:${port}`,
    ...keys,
    advance: async (seconds) => {
      advance(seconds);
      await callbacks.flush();
    },
    now: () => nowOf(state),
    delivered: () => callbacks.flush(),
    subscriptions: () => subscriptionsOf(state),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        callbacks.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
