import { escapeHtml } from '../stripe/http';
import type { Money } from './state';

/**
 * The look of the stand-in's pages, as the local LiqPay's: styles in one `<style>` element and no script at all, so
 * they meet the CSP `server.ts` sends; one column that fits 390 px. Every form posts to a relative URL, so the pages
 * work as well behind a proxy that serves them under a path prefix.
 */
const STYLE = `body{font-family:system-ui,sans-serif;max-width:420px;margin:0 auto;padding:24px 16px;color:#1f2933}
h1{font-size:1.25rem;margin:8px 0}.amount{font-size:1.5rem;font-weight:600;margin:8px 0}
label{display:block;margin:16px 0 4px}input{width:100%;box-sizing:border-box;padding:12px;font-size:1rem;border:1px solid #9aa5b1;border-radius:6px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;padding:14px;margin-top:16px;font-size:1rem;border-radius:6px;border:0;background:#006aff;color:#fff}
button.secondary{background:#fff;color:#1f2933;border:1px solid #9aa5b1}
.error{color:#b00020}.note{color:#52606d;font-size:.875rem}ul{padding-left:20px}`;

/** The name the consent page gives the application asking. */
export const APP_NAME = 'Soloist';

/** The test card the payment page offers. */
export const TEST_CARD = '4111 1111 1111 1111';

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/** An amount as the page shows it, in the currency's own decimals: "£25.00", "¥500". */
export function moneyText(money: Money): string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: money.currency });
  return format.format(money.amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/**
 * Square's permission request, plainly: who asks, for which permissions, and the business that answers (a name
 * typed here makes, or finds again, the merchant). Posts `decision` `allow` or `deny` back to `authorize`.
 */
export function consentPage(request: Record<string, string>, scopes: string[]): string {
  const list = scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return page(
    'Connect to Square',
    `<p class="note">Test permission page (local Square)</p>
<h1>${APP_NAME} wants to connect to your Square account</h1>
<p>It asks for these permissions:</p><ul>${list}</ul>
<form method="post" action="authorize">${hidden(request)}
<label for="business_name">Business name</label>
<input id="business_name" name="business_name" value="Demo Square seller" autocomplete="organization" required>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Deny</button>
</form>`,
  );
}

/** What the payment page shows: the link, its amount and the merchant it pays. */
export interface PayView {
  linkId: string;
  name: string;
  total: Money;
  merchantName: string;
  merchantId: string;
  email: string;
}

/** The hosted payment page of a link: a card form (number, expiry, CVV, email) that posts back to the link. */
export function payPage(view: PayView, problem?: string, typed: Record<string, string> = {}): string {
  const amount = moneyText(view.total);
  const value = (name: string, fallback: string) => escapeHtml(typed[name] ?? fallback);
  const error = problem ? `<p class="error" role="alert" id="problem">${escapeHtml(problem)}</p>` : '';
  const described = problem ? ' aria-describedby="problem"' : '';
  return page(
    `Pay ${amount}`,
    `<p class="note">Test checkout (local Square)</p>
<p>${escapeHtml(view.merchantName)}<br><span class="note">Merchant ID ${escapeHtml(view.merchantId)}</span></p>
<h1>${escapeHtml(view.name)}</h1><p class="amount">${escapeHtml(amount)}</p>${error}
<form method="post" action="${escapeHtml(encodeURIComponent(view.linkId))}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${value('email', view.email)}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${value('card', TEST_CARD)}" required${described}>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" value="${value('expiry', '12/34')}" required></div>
<div><label for="cvv">CVV</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" value="${value('cvv', '111')}" required></div></div>
<button type="submit">Pay ${escapeHtml(amount)}</button>
<p class="note">Test card: ${TEST_CARD}, any future date, any CVV.</p></form>`,
  );
}

/** Where the payer lands when the link has no `redirect_url`, or comes back to a link already paid. */
export const paidPage = (name: string, total: Money): string =>
  page('Payment complete', `<h1>Payment complete</h1><p>${escapeHtml(name)}: ${escapeHtml(moneyText(total))}</p>`);

/** A page that says what is wrong with the request (an unknown application, a missing `redirect_uri`). */
export const errorPage = (title: string, message: string): string =>
  page(
    title,
    `<p class="note">Local Square</p><h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
  );
