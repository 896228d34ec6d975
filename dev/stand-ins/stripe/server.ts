import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomHex } from '../../../src/server/infra/crypto';
import { catalogRoutes } from './catalog';
import { checkoutRoutes } from './checkout';
import {
  accountList,
  authenticate,
  connectRoutes,
  disconnect,
  paymentList,
  type LocalAccount,
  type LocalPayment,
  type Platform,
} from './connect';
import { consentRoutes } from './consent';
import { couponRoutes } from './coupons';
import { customerRoutes } from './customers';
import { eventLog } from './events';
import { idempotency } from './idempotency';
import { invoiceItemRoutes } from './invoice-items';
import { copy, decodeForm, invalid, listOf, readBody, StripeError, type Call, type Reply, type Route } from './http';
import { invoicePaymentRoutes } from './invoice-payments';
import { invoiceRoutes } from './invoice-routes';
import { oneOffInvoiceRoutes } from './one-off-invoices';
import { pageRoutes } from './pages';
import { paymentMethodRoutes } from './payment-methods';
import { byId, newState, type State } from './state';
import { newClientId, readStateFile, rebase, writeStateFile, type Secrets } from './state-file';
import { subscriptionItemRoutes } from './subscription-items';
import { subscriptionRoutes } from './subscriptions';

export interface LocalProvider {
  /** Base URL of its API and of Connect's OAuth endpoints (give it to the Stripe SDK as host/port/protocol). */
  url: string;
  secretKey: string;
  /** The platform's Connect client id (`ca_local_…`), kept in the state file with the secrets. */
  clientId: string;
  /** Signs the payments endpoint's events (online booking's `checkout.session.completed`). */
  webhookSecret: string;
  /** Signs the billing endpoint's events: its own secret, as each Stripe webhook endpoint has one. */
  billingWebhookSecret: string;
  /** Where payment webhooks go, when it is known only after the provider has started (tests). */
  setWebhookUrl(url: string): void;
  /** Where billing webhooks go (subscriptions, invoices, saved cards); none set, they are recorded only. */
  setBillingWebhookUrl(url: string): void;
  /** Resolves once every event so far has been delivered (or failed to be): what a test waits for. */
  delivered(): Promise<void>;
  /**
   * The base of every URL a browser opens from now on (its pages, invoices' PDFs, the consent page), the links it
   * gave before included: where a proxy serves it (`http://host:3000/local/stripe`, the proxy stripping the prefix).
   */
  setPublicUrl(url: string): void;
  /** The Standard accounts owners made on the consent page, oldest first. */
  accounts(): readonly LocalAccount[];
  /** The payment-mode Checkout Sessions, oldest first, with the connected account each was made on. */
  payments(): readonly LocalPayment[];
  /**
   * What the owner disconnecting the platform in their Stripe dashboard does: the account's grants stop working and
   * `account.application.deauthorized` goes to the payments endpoint. Resolves once it is delivered; an account
   * already disconnected is left as it is; one that does not exist is an error.
   */
  revokeGrants(accountId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `expand[]`: each id found along `path` (`latest_invoice`, `data.customer`) replaced by its object; an id on the
 * way is expanded too (`discounts.source.coupon` expands the discounts, then their coupons), as in Stripe.
 */
function expand(state: State, value: unknown, path: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => expand(state, v, path));
  if (typeof value === 'string') value = copy(byId(state, value) ?? value);
  if (path.length === 0) return value;
  if (value && typeof value === 'object' && path[0] in value) {
    const node = value as Record<string, unknown>;
    node[path[0]] = expand(state, node[path[0]], path.slice(1));
  }
  return value;
}

function send(res: http.ServerResponse, reply: Reply): void {
  if ('redirect' in reply) {
    res.writeHead(reply.status ?? 303, { location: reply.redirect });
    res.end();
  } else if ('pdf' in reply) {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    reply.pdf.pipe(res);
  } else if ('html' in reply) {
    res.writeHead(reply.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
    });
    res.end(reply.html);
  } else {
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.json));
  }
}

/**
 * A stand-in for Stripe on 127.0.0.1, for development and tests, that the real `stripe` SDK talks to unchanged:
 * form-encoded requests, Stripe's objects, lists and errors. It speaks what online booking uses (Checkout in
 * payment mode with its hosted page, Refunds) and what billing uses: Products, Prices (with lookup keys),
 * Customers, Checkout in setup mode to save a card, PaymentMethods, SetupIntents, Subscriptions with trials,
 * prorations, cancellation and discounts from Coupons, Subscription Items (add-ons beside the plan), Invoices
 * (hosted page and PDF, paying an open one, one-off invoices with Invoice Items, finalizing, voiding), Test
 * Clocks that move subscriptions through renewals, and Events, delivered as signed webhooks and listed. And what
 * Stripe Connect with Standard accounts uses: the OAuth consent page (`/oauth/authorize`, Allow making a new
 * account), `/oauth/token` and `/oauth/deauthorize`, `GET /v1/accounts/:id`, and direct charges: Checkout Sessions
 * and Refunds made with `Stripe-Account` (or an account's access token) belong to that account, whose events name
 * it. A `Stripe-Account` that is not connected is refused with 403, as by Stripe. Everything is in memory,
 * and also in `stateFile` when one is given (development, beside the app's database, so that the ids the database
 * holds still mean something after a restart): read when the stand-in starts, with its secret key and webhook
 * secrets, which it then returns instead of new ones; written again (whole, atomically) after every request that
 * may have changed something (any but a GET). A file that cannot be read or used is ignored silently and replaced
 * on the next change. The port stays random unless `port` is given: the links to its own pages follow it, or
 * follow `publicUrl` when it is served behind a proxy (the API is still called at `url`).
 *
 * Payment webhooks go to `webhookUrl` signed with `webhookSecret`; billing webhooks go to `billingWebhookUrl`
 * signed with `billingWebhookSecret`, one after another in the order they happened, before the request that
 * caused them answers.
 */
export async function startLocalProvider(options: {
  webhookUrl: string;
  billingWebhookUrl?: string;
  port?: number;
  /** Where the state is kept across restarts (a JSON file, made with its directory when missing). */
  stateFile?: string;
  /** The base of the URLs browsers open, when a proxy serves its pages (see `setPublicUrl`). */
  publicUrl?: string;
}): Promise<LocalProvider> {
  const { stateFile } = options;
  const saved = stateFile ? readStateFile(stateFile) : null;
  const secrets: Secrets = saved?.secrets ?? {
    secretKey: `sk_test_local_${randomHex(12)}`,
    webhookSecret: `whsec_local_${randomHex(16)}`,
    billingWebhookSecret: `whsec_local_${randomHex(16)}`,
    clientId: newClientId(),
  };
  const { secretKey, webhookSecret, billingWebhookSecret, clientId } = secrets;
  const platform: Platform = { secretKey, clientId };
  const events = eventLog(
    {
      payments: { url: options.webhookUrl, secret: webhookSecret },
      billing: { url: options.billingWebhookUrl, secret: billingWebhookSecret },
    },
    saved?.events,
  );
  const state = newState(events, saved?.collections);
  const keys = idempotency();
  const persist = () => {
    if (stateFile) writeStateFile(stateFile, state, secrets);
  };
  const routes: Route[] = [
    ...checkoutRoutes(state),
    ...pageRoutes(state),
    ...catalogRoutes(state),
    ...customerRoutes(state),
    ...paymentMethodRoutes(state),
    ...subscriptionRoutes(state),
    ...subscriptionItemRoutes(state),
    ...invoiceRoutes(state),
    ...invoicePaymentRoutes(state),
    ...oneOffInvoiceRoutes(state),
    ...invoiceItemRoutes(state),
    ...couponRoutes(state),
    ...consentRoutes(state, platform),
    ...connectRoutes(state, platform),
  ];

  /**
   * A request that causes events answers once they are delivered, so a test sees the webhooks' effects as soon as
   * its call returns. Not when it arrives while events are still being delivered: it may come from the app's
   * webhook handler (reading a subscription, refunding), and waiting would wait for that handler itself; its
   * events still go out in order, after the ones before them.
   */
  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const waits = events.idle();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let account: string | null = null;
    try {
      if (url.pathname.startsWith('/v1/')) account = authenticate(state, platform, req.headers);
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      return send(res, { json: err.body, status: err.status });
    }
    let matched: { route: Route; params: string[] } | undefined;
    for (const route of routes) {
      const m = route.method === req.method ? route.path.exec(url.pathname) : null;
      if (!m) continue;
      matched = { route, params: m.slice(1) };
      break;
    }
    if (!matched && url.pathname.startsWith('/v1/')) {
      const message = `Unrecognized request URL (${req.method}: ${url.pathname}).`;
      return send(res, { json: new StripeError(404, 'invalid_request_error', message).body, status: 404 });
    }
    if (!matched) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('Not found');
    }
    if (account && !matched.route.perAccount) {
      const message = `The local stand-in keeps only Checkout Sessions, Refunds and Accounts per connected account: ${req.method} ${url.pathname} takes no Stripe-Account.`;
      return send(res, { json: invalid(message).body, status: 400 });
    }
    const call: Call = {
      method: req.method ?? 'GET',
      params: matched.params,
      query: decodeForm(url.search.slice(1)),
      form: req.method === 'POST' ? decodeForm(await readBody(req)) : {},
      headers: req.headers,
      account,
    };
    const replayed = keys.replay(call, url.pathname);
    if (replayed) return send(res, replayed);
    let reply: Reply;
    try {
      reply = await matched.route.handle(call);
      const paths = listOf(call.form.expand ?? call.query.expand).map(String);
      if ('json' in reply && paths.length) {
        const json = copy(reply.json);
        for (const path of paths) expand(state, json, path.split('.'));
        reply = { ...reply, json };
      }
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      reply = { json: err.body, status: err.status };
    } finally {
      // Even a refused request may have changed something (a declined charge counts an attempt and says so).
      if (call.method !== 'GET') persist();
    }
    keys.save(call, url.pathname, reply);
    if (waits) await events.flush();
    send(res, reply);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'The local stand-in failed.' } }));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const setPublicUrl = (base: string) => {
    state.base = base.replace(/\/+$/, '');
    rebase(state);
  };
  setPublicUrl(options.publicUrl ?? own);
  return {
    url: own,
    secretKey,
    clientId,
    webhookSecret,
    billingWebhookSecret,
    setWebhookUrl: (url) => events.setUrl('payments', url),
    setBillingWebhookUrl: (url) => events.setUrl('billing', url),
    delivered: () => events.flush(),
    setPublicUrl,
    accounts: () => accountList(state),
    payments: () => paymentList(state),
    async revokeGrants(accountId) {
      if (!state.accounts.has(accountId)) throw new Error(`The local stand-in has no account ${accountId}.`);
      disconnect(state, platform, accountId);
      persist();
      await events.flush();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
