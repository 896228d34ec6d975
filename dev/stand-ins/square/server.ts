import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newToken } from '../../../src/server/infra/crypto';
import { readBody } from '../stripe/http';
import { apiRoutes } from './api';
import { jsonBody, type Call, type Context, type Reply, type Route } from './http';
import { oauthRoutes, revokeMerchant } from './oauth';
import { payRoutes } from './pay';
import { newState, SquareRefusal, type Money } from './state';
import { webhookQueue } from './webhooks';

/** A payment as a test reads it (`payments()`): a copy, amounts in minor units. */
export interface LocalSquarePayment {
  id: string;
  order_id: string;
  merchant_id: string;
  amount: number;
  currency: string;
  status: string;
  refunded_amount: number;
}

export interface LocalSquare {
  /** The base URL to give the SDK instead of `https://connect.squareup.com`. */
  url: string;
  applicationId: string;
  applicationSecret: string;
  /** Signs the webhooks (`x-square-hmacsha256-signature`), as a Square webhook subscription's key does. */
  webhookSignatureKey: string;
  /** Where the browser reaches the pages (a proxy's URL that maps to the stand-in's `/`); default `url`. */
  setPublicUrl(url: string): void;
  /** The webhook subscription's notification URL: where events go, and what their signatures cover. */
  setWebhookUrl(url: string): void;
  payments(): readonly LocalSquarePayment[];
  /** Makes every access token issued so far expired (`ACCESS_TOKEN_EXPIRED`); refresh tokens still work. */
  expireTokens(): void;
  /** Every merchant revokes the application in their dashboard: tokens and refresh tokens stop working. */
  revokeAll(): void;
  /** Resolves once every webhook so far has been delivered (or has run out of retries). */
  delivered(): Promise<void>;
  close(): Promise<void>;
}

/** A path segment decoded; kept as it came when it is not valid percent-encoding (it then names nothing). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:";

function send(res: http.ServerResponse, reply: Reply): void {
  if ('redirect' in reply) res.writeHead(302, { location: reply.redirect }).end();
  else if ('html' in reply)
    res
      .writeHead(reply.status ?? 200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP })
      .end(reply.html);
  else res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
}

/**
 * A stand-in for Square on 127.0.0.1, for development and tests, that the real `square` SDK talks to unchanged (JSON
 * in Square's shapes, errors as `{errors: [{category, code, detail}]}`): the OAuth permission page, ObtainToken
 * (single-use codes, refresh tokens, access tokens of 30 days) and RevokeToken; RetrieveMerchant, ListLocations;
 * Create/Retrieve/UpdatePaymentLink with a hosted payment page per link; RetrieveOrder, GetPayment and
 * RefundPayment (idempotency keys honoured); and signed webhooks (`payment.created`, `payment.updated`,
 * `refund.created`, `oauth.authorization.revoked`) to the notification URL. The pages' URLs are built from the
 * public URL, their forms post to relative ones, so they work behind a proxy that strips a path prefix. Memory only.
 */
export async function startLocalSquare(
  options: { publicUrl?: string; webhookUrl?: string } = {},
): Promise<LocalSquare> {
  const state = newState();
  let publicUrl = options.publicUrl ?? null;
  let webhookUrl = options.webhookUrl ?? null;
  let ownUrl = '';
  const webhookSignatureKey = newToken(16);
  const ctx: Context = {
    state,
    applicationId: `sq0idp-${newToken(16)}`,
    applicationSecret: `sq0csp-${newToken(32)}`,
    webhooks: webhookQueue({ url: () => webhookUrl, signatureKey: webhookSignatureKey }),
    publicUrl: () => (publicUrl ?? ownUrl).replace(/\/+$/, ''),
  };
  const routes: Route[] = [...oauthRoutes(ctx), ...apiRoutes(ctx), ...payRoutes(ctx)];

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const text = method === 'GET' ? '' : await readBody(req);
    const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    for (const route of routes) {
      const match = route.method === method ? route.path.exec(url.pathname) : null;
      if (!match) continue;
      const call: Call = {
        method,
        params: match.slice(1).map(decoded),
        query: url.searchParams,
        body: form ? {} : jsonBody(text),
        form: new URLSearchParams(form ? text : ''),
        headers: req.headers,
      };
      return send(res, await route.handle(call));
    }
    send(res, { json: new SquareRefusal(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Not found.').body, status: 404 });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.end();
      const refusal =
        err instanceof SquareRefusal
          ? err
          : new SquareRefusal(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'The local stand-in failed.');
      send(res, { json: refusal.body, status: refusal.status });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ownUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: ownUrl,
    applicationId: ctx.applicationId,
    applicationSecret: ctx.applicationSecret,
    webhookSignatureKey,
    setPublicUrl: (url) => void (publicUrl = url),
    setWebhookUrl: (url) => void (webhookUrl = url),
    payments: () =>
      [...state.payments.values()].map(({ merchantId, json }) => ({
        id: json.id as string,
        order_id: json.order_id as string,
        merchant_id: merchantId,
        amount: (json.total_money as Money).amount,
        currency: (json.total_money as Money).currency,
        status: json.status as string,
        refunded_amount: (json.refunded_money as Money | undefined)?.amount ?? 0,
      })),
    expireTokens() {
      for (const token of state.tokens.values()) token.expiresAt = Math.min(token.expiresAt, Date.now());
    },
    revokeAll() {
      for (const merchant of state.merchants.keys()) revokeMerchant(ctx, merchant, 'MERCHANT');
    },
    delivered: () => ctx.webhooks.flush(),
    close: () =>
      new Promise<void>((resolve) => {
        ctx.webhooks.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
