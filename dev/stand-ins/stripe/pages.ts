import { randomHex } from '../../../src/server/infra/crypto';
import { DECLINED_CARD } from './cards';
import { accountOfSession } from './connect';
import { escapeHtml, text, type Form, type Reply, type Route } from './http';
import { money } from './invoices';
import { saveCard } from './payment-methods';
import { nowFor, realNow, type State } from './state';
import type { Session } from './types';

/** The look of every page the stand-in serves (payment, saving a card, an invoice). */
export const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:420px;margin:0 auto;padding:24px;color:#1f2933}h1{font-size:1.25rem}
label{display:block;margin:16px 0 4px}input{width:100%;box-sizing:border-box;padding:12px;font-size:1rem;border:1px solid #9aa5b1;border-radius:6px}
button{width:100%;padding:14px;margin-top:16px;font-size:1rem;border-radius:6px;border:0;background:#635bff;color:#fff}
.secondary{background:#e4e7eb;color:#1f2933}.error{color:#b00020}.note{color:#52606d;font-size:.875rem}
table{width:100%;border-collapse:collapse}td{padding:6px 0;border-bottom:1px solid #e4e7eb}.amount{text-align:right}`;

/** A page's HTML with the stand-in's look: `title` in the tab, `body` inside `<main>`. */
export const pageHtml = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style></head>
<body><main>${body}</main></body></html>`;

/** A page's error, read out by screen readers; nothing when there is none. */
export const errorLine = (error?: string) => (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '');

/** Who a payment goes to: the connected account's business (else its email) and id; nothing for the platform's. */
function payeeLine(state: State, s: Session): string {
  const id = accountOfSession(state, s.id);
  if (!id) return '';
  const account = state.accounts.get(id);
  const name = account?.business_profile.name || account?.settings.dashboard.display_name || account?.email || id;
  return `<p>Paying ${escapeHtml(name)} (${escapeHtml(id)})</p>`;
}

// Forms post to a relative address (the page's own, `/pay/<id>`), so the page works behind a proxy's path prefix.
function paymentPage(state: State, s: Session, error?: string): string {
  const amount = money(s.amount_total ?? 0, s.currency ?? '');
  return pageHtml(
    `Pay ${amount}`,
    `<p class="note">Test payment page (local provider)</p>${payeeLine(state, s)}<h1>${escapeHtml(s.description)}</h1><p><strong>${escapeHtml(amount)}</strong></p>
${errorLine(error)}
<form method="post" action="${s.id}"><label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" required>
<button type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button></form>`,
  );
}

function setupPage(s: Session, error?: string): string {
  const cancel = s.cancel_url
    ? '<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>'
    : '';
  return pageHtml(
    'Save your card',
    `<p class="note">Test card page (local provider)</p><h1>Save your card</h1>
<p>Your card is saved for later payments; nothing is charged now.</p>
${errorLine(error)}
<form method="post" action="${s.id}"><label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" required>
<label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" value="12/34" required>
<button type="submit" name="action" value="save">Save card</button>
${cancel}</form>`,
  );
}

/** The card's expiry from "MM/YY" (or "MM / YYYY"); null when it is not a date or has passed by `now`. */
function expiryOf(value: string, now: number): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const today = new Date(now * 1000);
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return null;
  return { month, year };
}

/**
 * A payment page sent: the declining card shows the page again with the error (402), any other card pays. The
 * payment's `checkout.session.completed` goes to the payments endpoint before the payer is sent on, naming the
 * connected account the session was made on, if any.
 */
function pay(state: State, s: Session, form: Form): Reply {
  if ((text(form.card) ?? '').replace(/\D/g, '') === DECLINED_CARD)
    return { html: paymentPage(state, s, 'Incorrect card details'), status: 402 };
  s.status = 'complete';
  s.payment_status = 'paid';
  s.payment_intent = `pi_test_${randomHex(12)}`;
  state.events.emit('checkout.session.completed', s, {
    created: realNow(),
    endpoint: 'payments',
    account: accountOfSession(state, s.id),
  });
  return { redirect: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) };
}

/**
 * A card page sent: a number that is not 15 or 16 digits, or an expiry that is not a future MM/YY, shows the page
 * again (400); the declining card shows it with 'Incorrect card details' (402) and saves nothing; any other card
 * is saved (see `saveCard`) and the client is sent on to `success_url`.
 */
function save(state: State, s: Session, form: Form): Reply {
  const number = (text(form.card) ?? '').replace(/\D/g, '');
  if (number === DECLINED_CARD) return { html: setupPage(s, 'Incorrect card details'), status: 402 };
  if (!/^\d{15,16}$/.test(number)) return { html: setupPage(s, 'Your card number is incomplete.'), status: 400 };
  const expiry = expiryOf(text(form.expiry) ?? '', nowFor(state, s.customer));
  if (!expiry) return { html: setupPage(s, 'Your card’s expiry date is not valid.'), status: 400 };
  saveCard(state, s, { number, expMonth: expiry.month, expYear: expiry.year });
  return { redirect: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) };
}

const CLOSED: Reply = { html: pageHtml('Closed', '<p>This payment is no longer open.</p>'), status: 410 };

/** The hosted Checkout page of a session, in either mode: shown by GET, sent by POST. */
export function pageRoutes(state: State): Route[] {
  const open = (id: string) => {
    const s = state.sessions.get(id);
    return s?.status === 'open' ? s : undefined;
  };
  return [
    {
      method: 'GET',
      path: /^\/pay\/([\w-]+)$/,
      handle: ({ params }) => {
        const s = open(params[0]);
        if (!s) return state.sessions.has(params[0]) ? CLOSED : { html: 'Not found', status: 404 };
        return { html: s.mode === 'setup' ? setupPage(s) : paymentPage(state, s) };
      },
    },
    {
      method: 'POST',
      path: /^\/pay\/([\w-]+)$/,
      handle: ({ params, form }) => {
        const s = open(params[0]);
        if (!s) return state.sessions.has(params[0]) ? CLOSED : { html: 'Not found', status: 404 };
        if (form.action === 'cancel') return { redirect: s.cancel_url ?? s.success_url };
        return s.mode === 'setup' ? save(state, s, form) : pay(state, s, form);
      },
    },
  ];
}
