import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatMoney } from '../../../../renderer/core/money';
import { hmacSha256, randomHex } from '../crypto';

/** A card number the local provider declines, as Stripe's test card 4000 0000 0000 0002 is declined. */
export const DECLINED_CARD = '4000000000000002';

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

interface Session {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  description: string;
  created: number;
}

export interface LocalProvider {
  /** Base URL of its API (give it to the Stripe SDK as host/port/protocol). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go, when it is known only after the provider has started (tests). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

/** Stripe's form encoding (`a[b][0][c]=1`) back into nested objects and arrays. */
function decodeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
      if (data.length > 100_000) req.destroy();
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** Stripe's webhook signature: `t=<unix>,v1=<HMAC-SHA256 of "t.payload">`. */
export function signWebhook(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = hmacSha256(secret, `${timestamp}.${payload}`);
  return `t=${timestamp},v1=${v1}`;
}

/**
 * A payment provider for development and tests, on 127.0.0.1, speaking the part of Stripe's API that online
 * booking uses (Checkout Sessions: create, retrieve; Refunds: create with an idempotency key, list by
 * PaymentIntent) with a hosted payment page, and delivering signed `checkout.session.completed` webhooks. The real
 * `stripe` SDK talks to it unchanged.
 */
export async function startLocalProvider(options: { webhookUrl: string; port?: number }): Promise<LocalProvider> {
  const secretKey = `sk_test_local_${randomHex(12)}`;
  const webhookSecret = `whsec_local_${randomHex(16)}`;
  const sessions = new Map<string, Session>();
  const refunds = new Map<string, Refund>();
  const refundsByKey = new Map<string, Refund>();
  let base = '';
  let webhookUrl = options.webhookUrl;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: http.ServerResponse, status: number, message: string) =>
    json(res, status, { error: { type: 'invalid_request_error', message } });

  function page(s: Session, error?: string): string {
    const amount = formatMoney(s.amount_total, 'en-GB', s.currency);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:0 auto;padding:24px;color:#1f2933}h1{font-size:1.25rem}
label{display:block;margin:16px 0 4px}input{width:100%;box-sizing:border-box;padding:12px;font-size:1rem;border:1px solid #9aa5b1;border-radius:6px}
button{width:100%;padding:14px;margin-top:16px;font-size:1rem;border-radius:6px;border:0;background:#635bff;color:#fff}
.secondary{background:#e4e7eb;color:#1f2933}.error{color:#b00020}.note{color:#52606d;font-size:.875rem}</style></head>
<body><main><p class="note">Test payment page (local provider)</p><h1>${escapeHtml(s.description)}</h1><p><strong>${escapeHtml(amount)}</strong></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/pay/${s.id}"><label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" required>
<button type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button></form></main></body></html>`;
  }

  async function deliver(s: Session): Promise<void> {
    const payload = JSON.stringify({
      id: `evt_${randomHex(12)}`,
      object: 'event',
      type: 'checkout.session.completed',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: s },
    });
    try {
      await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, webhookSecret) },
        body: payload,
      });
    } catch {
      // Like Stripe, a failed delivery is not the payer's problem; the app also confirms when the client returns.
    }
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const api = url.pathname.startsWith('/v1/');
      if (api && req.headers.authorization !== `Bearer ${secretKey}`)
        return stripeError(res, 401, 'Invalid API Key provided.');
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = decodeForm(await readBody(req)) as {
          success_url?: string;
          cancel_url?: string;
          metadata?: Record<string, string>;
          customer_email?: string;
          line_items?: Record<
            string,
            {
              quantity?: string;
              price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
            }
          >;
        };
        const item = form.line_items?.['0'];
        const amount = Number(item?.price_data?.unit_amount);
        if (
          !form.success_url ||
          !form.cancel_url ||
          !item?.price_data?.currency ||
          !Number.isInteger(amount) ||
          amount < 1
        ) {
          return stripeError(res, 400, 'Missing or invalid parameters.');
        }
        const id = `cs_test_${randomHex(16)}`;
        const session: Session = {
          id,
          object: 'checkout.session',
          url: `${base}/pay/${id}`,
          amount_total: amount,
          currency: item.price_data.currency,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          metadata: form.metadata ?? {},
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          customer_email: form.customer_email ?? null,
          description: item.price_data.product_data?.name ?? 'Payment',
          created: Math.floor(Date.now() / 1000),
        };
        sessions.set(id, session);
        return json(res, 200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve) {
        const s = sessions.get(retrieve[1]);
        return s ? json(res, 200, s) : stripeError(res, 404, `No such checkout.session: '${retrieve[1]}'`);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const form = decodeForm(await readBody(req)) as { payment_intent?: string; metadata?: Record<string, string> };
        const key = req.headers['idempotency-key'];
        const repeated = typeof key === 'string' ? refundsByKey.get(key) : undefined;
        if (repeated) return json(res, 200, repeated);
        const paid = [...sessions.values()].find((x) => x.payment_intent && x.payment_intent === form.payment_intent);
        if (!paid) return stripeError(res, 404, `No such payment_intent: '${form.payment_intent ?? ''}'`);
        if (refunds.has(paid.payment_intent!))
          return stripeError(res, 400, `Charge for ${paid.payment_intent} has already been refunded.`);
        const refund: Refund = {
          id: `re_test_${randomHex(12)}`,
          object: 'refund',
          amount: paid.amount_total,
          currency: paid.currency,
          payment_intent: paid.payment_intent!,
          status: 'succeeded',
          metadata: form.metadata ?? {},
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.payment_intent, refund);
        if (typeof key === 'string') refundsByKey.set(key, refund);
        return json(res, 200, refund);
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const refund = refunds.get(url.searchParams.get('payment_intent') ?? '');
        return json(res, 200, { object: 'list', data: refund ? [refund] : [], has_more: false, url: '/v1/refunds' });
      }
      const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
      const s = pay ? sessions.get(pay[1]) : undefined;
      if (!pay || !s) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Not found');
      }
      const html = (status: number, body: string) => {
        res.writeHead(status, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
        });
        res.end(body);
      };
      if (req.method === 'GET')
        return s.status === 'open' ? html(200, page(s)) : html(410, '<p>This payment is no longer open.</p>');
      if (req.method !== 'POST' || s.status !== 'open') return html(410, '<p>This payment is no longer open.</p>');
      const form = new URLSearchParams(await readBody(req));
      if (form.get('action') === 'cancel') {
        res.writeHead(303, { location: s.cancel_url });
        return res.end();
      }
      if ((form.get('card') ?? '').replace(/\D/g, '') === DECLINED_CARD)
        return html(402, page(s, 'Incorrect card details'));
      s.status = 'complete';
      s.payment_status = 'paid';
      s.payment_intent = `pi_test_${randomHex(12)}`;
      await deliver(s);
      res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
      res.end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    secretKey,
    webhookSecret,
    setWebhookUrl: (url) => void (webhookUrl = url),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
