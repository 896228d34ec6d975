import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '../stripe/http';
import { chargeDue, type Ledger } from './billing';
import { callbackQueue } from './callbacks';
import { checkoutRoute } from './checkout';
import { paymentsOf, subscriptionsOf, type LocalLiqpayPayment, type LocalLiqpaySubscription } from './listings';
import { localRoute } from './local-routes';
import { addMerchant, newKeys, PLATFORM_NAME, privateKeyOf } from './merchants';
import { apiRequest } from './requests';
import { readStateFile, writeStateFile, type Keys } from './state-file';
import { newState, nowOf, type Merchant, type Reply } from './types';

export type { LocalLiqpayPayment, LocalLiqpaySubscription };

/** The options of `startLocalLiqpay`. */
export interface LocalLiqpayOptions {
  port?: number;
  host?: string;
  /** The platform's key pair (both or neither); else the state file's, else new sandbox-like keys. */
  publicKey?: string;
  privateKey?: string;
  stateFile?: string;
  /**
   * Where browsers reach the stand-in (`http://host:3000/local/liqpay` behind a proxy that takes `/local/liqpay` off);
   * its path leads the pages' form actions and links. Unset, they are relative to each page. (`setPublicUrl` later.)
   */
  publicUrl?: string;
}

export interface LocalLiqpay {
  /**
   * The base URL to use instead of `https://www.liqpay.ua` (`{url}/api/3/checkout`, `{url}/api/request`), on
   * 127.0.0.1: what servers call.
   */
  url: string;
  /** The base URL browsers open: `publicUrl` when set, else `url`. */
  readonly publicUrl: string;
  /** The platform's key pair: what owners' subscriptions to the app are paid with. */
  publicKey: string;
  privateKey: string;
  /**
   * Sets where browsers reach the stand-in (see `LocalLiqpayOptions.publicUrl`); null: nowhere but `url`. Throws
   * `TypeError` for a URL that is not http(s).
   */
  setPublicUrl(url: string | null): void;
  /**
   * A new merchant: a LiqPay account of its own (an owner's), with sandbox-like keys and `name` (else "Merchant n"),
   * kept in the state file. Its checkouts and requests are signed with its keys, and its callbacks too. (A local aid,
   * also `POST {url}/_local/merchants` and the page `GET {url}/_local/merchants`.)
   */
  addMerchant(name?: string): Merchant;
  /** Every one-off payment (`pay`) that went through, of every merchant, with what has been refunded of it. */
  payments(): readonly LocalLiqpayPayment[];
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

/** `url` read as a `publicUrl`: an http(s) URL, or `TypeError`. */
function publicUrlOf(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`Not an http(s) URL: ${url}`);
  return parsed;
}

/**
 * A stand-in for LiqPay (API v3) on 127.0.0.1, for development and tests, that the app's LiqPay code talks to
 * unchanged, as it would to `https://www.liqpay.ua`: the hosted checkout (`/api/3/checkout`, `action` `pay` or
 * `subscribe`) with a card page, server requests (`/api/request`: `status`, `refund`, `unsubscribe`,
 * `subscribe_update`), and signed callbacks to each order's `server_url`. Subscriptions are charged at each period
 * from their start: in real time (checked once a minute) and when the local clock is moved on (`advance`, which
 * LiqPay does not have).
 *
 * It serves many merchants (LiqPay accounts): the platform, whose key pair is `publicKey`/`privateKey` when given,
 * else the state file's, else new sandbox-like keys; and any number added (`addMerchant`, owners' own accounts).
 * Each message is read with the keys of the merchant its `public_key` names, each merchant sees only its own orders,
 * and each order's callbacks are signed with its merchant's private key. Everything is in memory, and also in
 * `stateFile` when given: read at the start (a file that cannot be used is ignored and replaced on the next change),
 * written whole after every request that may change something and every charge. A request that causes callbacks
 * answers once they are delivered, unless it arrived while callbacks were being delivered (it may come from the
 * app's callback handler itself, which must not wait for itself).
 */
export async function startLocalLiqpay(options: LocalLiqpayOptions = {}): Promise<LocalLiqpay> {
  const { stateFile } = options;
  const saved = stateFile ? readStateFile(stateFile) : null;
  const given =
    options.publicKey && options.privateKey ? { publicKey: options.publicKey, privateKey: options.privateKey } : null;
  const keys: Keys = given ?? saved?.keys ?? newKeys();
  const state = saved?.state ?? newState();
  const ledger: Ledger = {
    state,
    callbacks: callbackQueue((publicKey) => privateKeyOf(ledger)(publicKey)),
    platform: { name: PLATFORM_NAME, ...keys },
  };
  const { callbacks } = ledger;
  let publicUrl = options.publicUrl ? publicUrlOf(options.publicUrl) : null;
  /** The path browsers reach the stand-in at ('' at the root); null when pages link relatively. */
  const base = () => (publicUrl ? publicUrl.pathname.replace(/\/+$/, '') : null);
  /** The path as the routes know it: `publicUrl`'s path taken off when a proxy left it on (or none was in between). */
  const routePath = (path: string) => {
    const prefix = base();
    return prefix && (path === prefix || path.startsWith(`${prefix}/`)) ? path.slice(prefix.length) || '/' : path;
  };
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
  const newMerchant = (name?: string) => {
    const merchant = addMerchant(state, keys.publicKey, name);
    persist();
    return { ...merchant };
  };
  const aids = { ledger, advance, addMerchant: newMerchant, base };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const waits = callbacks.idle();
    const url = new URL(req.url ?? '/', 'http://local');
    const path = routePath(url.pathname);
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : '';
    const form = new URLSearchParams(body);
    const headers = { contentType: req.headers['content-type'] ?? '', accept: req.headers.accept ?? '' };
    let reply: Reply | null;
    if (path === '/api/request' && method === 'POST') reply = { json: apiRequest(ledger, form) };
    else if (path.startsWith('/_local/')) reply = localRoute(aids, { method, path, body, ...headers });
    else {
      const input = method === 'POST' && form.has('data') ? form : url.searchParams;
      reply = checkoutRoute(ledger, { method, path, input, base: base() });
    }
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
  const url = `http://${shown}:${port}`;
  catchUp();
  // New keys (or others given) are kept at once: the app is configured with them before anything else happens.
  if (saved?.keys.publicKey !== keys.publicKey || saved.keys.privateKey !== keys.privateKey) persist();
  const timer = setInterval(catchUp, TICK_MS);
  timer.unref();
  return {
    url,
    get publicUrl() {
      return publicUrl ? publicUrl.href.replace(/\/+$/, '') : url;
    },
    ...keys,
    setPublicUrl(next) {
      publicUrl = next === null ? null : publicUrlOf(next);
    },
    addMerchant: newMerchant,
    payments: () => paymentsOf(ledger),
    advance: async (seconds) => {
      advance(seconds);
      await callbacks.flush();
    },
    now: () => nowOf(state),
    delivered: () => callbacks.flush(),
    subscriptions: () => subscriptionsOf(ledger),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        callbacks.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
