import { escapeHtml } from '../stripe/http';
import type { Language, Periodicity } from './types';

/**
 * The look of the stand-in's pages: styles in one `<style>` element and no script at all, so they meet a CSP of
 * `default-src 'none'; style-src 'unsafe-inline'` (what `server.ts` sends); one column that fits 390 px.
 */
const STYLE = `body{font-family:system-ui,sans-serif;max-width:420px;margin:0 auto;padding:24px 16px;color:#1f2933}
h1{font-size:1.25rem;margin:8px 0}.amount{font-size:1.5rem;font-weight:600;margin:8px 0}
label{display:block;margin:16px 0 4px}input{width:100%;box-sizing:border-box;padding:12px;font-size:1rem;border:1px solid #9aa5b1;border-radius:6px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;padding:14px;margin-top:20px;font-size:1rem;border-radius:6px;border:0;background:#1a7f37;color:#fff}
.error{color:#b00020}.note{color:#52606d;font-size:.875rem}.payee{overflow-wrap:anywhere}`;

const TEXT = {
  uk: {
    note: 'Тестова сторінка оплати (локальний LiqPay)',
    hint: 'Тестова картка: 4242 4242 4242 4242, будь-яка майбутня дата, будь-який CVV.',
    payee: 'Отримувач',
    card: 'Номер картки',
    expiry: 'Термін дії (ММ/РР)',
    cvv: 'CVV',
    pay: 'Сплатити',
    subscribe: 'Підписатися',
    every: { day: 'Щодня', week: 'Щотижня', month: 'Щомісяця', year: 'Щороку' },
    first: 'Перше списання',
    now: 'зараз',
    declined: 'Картку відхилено. Спробуйте іншу картку.',
    badCard: 'Перевірте номер картки.',
    badExpiry: 'Перевірте термін дії картки.',
    badCvv: 'Перевірте CVV.',
    error: 'Помилка',
    done: 'Оплату прийнято',
  },
  en: {
    note: 'Test payment page (local LiqPay)',
    hint: 'Test card: 4242 4242 4242 4242, any future date, any CVV.',
    payee: 'Paid to',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvv: 'CVV',
    pay: 'Pay',
    subscribe: 'Subscribe',
    every: { day: 'Daily', week: 'Weekly', month: 'Monthly', year: 'Yearly' },
    first: 'First charge',
    now: 'now',
    declined: 'The card was declined. Try another card.',
    badCard: 'Check the card number.',
    badExpiry: 'Check the card’s expiry date.',
    badCvv: 'Check the CVV.',
    error: 'Error',
    done: 'Payment accepted',
  },
} as const;

/** A problem with the card typed on the page, named by its message key. */
export type CardProblem = 'declined' | 'badCard' | 'badExpiry' | 'badCvv';

/** A page's HTML in `lang`: `title` in the tab, `body` inside `<main>`. */
export const pageHtml = (lang: Language, title: string, body: string): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;

/** An amount in minor units as the page shows it: "599.00 UAH". */
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

const dateText = (unix: number, lang: Language) =>
  new Date(unix * 1000).toLocaleString(lang === 'uk' ? 'uk-UA' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });

/** What the checkout page shows and sends back: the signed message itself, and what it asks for. */
export interface CheckoutView {
  data: string;
  signature: string;
  /** Where the card form posts (relative, or under the path browsers reach the stand-in at). */
  action: string;
  /** The merchant the payer pays: the account the money lands on. */
  payee: { name: string; publicKey: string };
  language: Language;
  description: string;
  amount: number;
  currency: string;
  /** For a subscription: how often, and when the first charge falls (unix seconds; null: at once). */
  subscription: { periodicity: Periodicity; firstCharge: number | null } | null;
}

/**
 * The hosted checkout page: whom the payer pays (the merchant's name and public key), the description and amount,
 * and a card form (number, expiry, CVV, each labelled) that posts back to `/api/3/checkout/pay` (`view.action`) with
 * the signed `data` and `signature`, checked again there. `typed` keeps
 * what was typed when the page comes back with `problem`.
 */
export function checkoutPage(
  view: CheckoutView,
  problem?: CardProblem,
  typed: { card?: string; expiry?: string; cvv?: string } = {},
): string {
  const t = TEXT[view.language];
  const amount = money(view.amount, view.currency);
  const sub = view.subscription;
  const terms = sub
    ? `<p>${escapeHtml(t.every[sub.periodicity])}. ${escapeHtml(t.first)}: ${
        sub.firstCharge === null ? t.now : escapeHtml(dateText(sub.firstCharge, view.language))
      }.</p>`
    : '';
  const error = problem ? `<p class="error" role="alert" id="problem">${escapeHtml(t[problem])}</p>` : '';
  const described = problem ? ' aria-describedby="problem"' : '';
  const value = (v: string | undefined, fallback: string) => escapeHtml(v ?? fallback);
  return pageHtml(
    view.language,
    `${sub ? t.subscribe : t.pay} ${amount}`,
    `<p class="note">${escapeHtml(t.note)}</p><h1>${escapeHtml(view.description)}</h1>
<p class="amount">${escapeHtml(amount)}</p>${terms}
<p class="payee">${escapeHtml(t.payee)}: <strong>${escapeHtml(view.payee.name)}</strong>
(${escapeHtml(view.payee.publicKey)})</p>${error}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="data" value="${escapeHtml(view.data)}"><input type="hidden" name="signature" value="${escapeHtml(view.signature)}">
<label for="card">${escapeHtml(t.card)}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${value(typed.card, '4242 4242 4242 4242')}" required${described}>
<div class="row"><div><label for="expiry">${escapeHtml(t.expiry)}</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" value="${value(typed.expiry, '12/34')}" required></div>
<div><label for="cvv">${escapeHtml(t.cvv)}</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" value="${value(typed.cvv, '123')}" required></div></div>
<button type="submit">${escapeHtml(sub ? t.subscribe : `${t.pay} ${amount}`)}</button>
<p class="note">${escapeHtml(t.hint)}</p></form>`,
  );
}

/** A page that says what went wrong with the checkout request (a bad signature, a missing parameter). */
export function errorPage(language: Language, code: string, message: string): string {
  const t = TEXT[language];
  return pageHtml(
    language,
    t.error,
    `<p class="note">${escapeHtml(t.note)}</p><h1>${escapeHtml(t.error)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p><p class="note">err_code: ${escapeHtml(code)}</p>`,
  );
}

/** Where the payer lands when the checkout gave no `result_url`. */
export const donePage = (language: Language, description: string): string =>
  pageHtml(
    language,
    TEXT[language].done,
    `<h1>${escapeHtml(TEXT[language].done)}</h1><p>${escapeHtml(description)}</p>`,
  );
