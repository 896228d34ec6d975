import { escapeHtml } from '../stripe/http';
import { pageHtml } from './pages';
import type { Merchant } from './types';

/** What the merchants page shows: where its form posts, the accounts so far, and the one just made (if any). */
export interface MerchantsView {
  action: string;
  platform: Merchant;
  merchants: Merchant[];
  created: Merchant | null;
}

/** One key to copy: a read-only field, labelled, that selects and copies without any script. */
const keyField = (id: string, label: string, value: string) =>
  `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" readonly spellcheck="false" autocomplete="off" value="${escapeHtml(value)}">`;

/**
 * The page a developer gets LiqPay sandbox keys of their own from (`GET /_local/merchants`), to paste into the app
 * as an owner's own LiqPay account: a form that makes a key pair, then both keys shown to copy. The private key is
 * shown only then, as a real account's would be kept; the list below shows each account's name and public key.
 * English only: it is for developers, not for payers.
 */
export function merchantsPage(view: MerchantsView): string {
  const created = view.created
    ? `<section aria-labelledby="created"><h2 id="created">${escapeHtml(view.created.name)}: new keys</h2>
${keyField('public-key', 'Public key', view.created.publicKey)}
${keyField('private-key', 'Private key', view.created.privateKey)}
<p class="note">Paste both into the app's LiqPay settings. The private key is shown only now.</p></section>`
    : '';
  const accounts = [{ ...view.platform, name: `${view.platform.name} (platform)` }, ...view.merchants]
    .map((m) => `<li>${escapeHtml(m.name)}: <code class="payee">${escapeHtml(m.publicKey)}</code></li>`)
    .join('\n');
  return pageHtml(
    'en',
    'LiqPay sandbox keys',
    `<p class="note">Local LiqPay (sandbox): no money moves, nothing leaves this machine.</p>
<h1>LiqPay sandbox keys</h1>
<p>A LiqPay account of your own here: its payments land on it, and it signs its callbacks with its own key.</p>
${created}
<form method="post" action="${escapeHtml(view.action)}">
<label for="name">Account name (optional)</label>
<input id="name" name="name" maxlength="100" placeholder="My studio">
<button type="submit">Create sandbox keys</button></form>
<h2>Accounts</h2><ul>${accounts}</ul>`,
  );
}
