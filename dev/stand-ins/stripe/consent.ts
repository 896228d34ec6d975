import { escapeHtml, text, type Form, type Reply, type Route } from './http';
import { PLATFORM_NAME, type Platform } from './connect';
import { errorLine, pageHtml } from './pages';
import { newId, realNow, type State } from './state';
import type { Account, AuthCode } from './types-connect';

/** What the platform asks for on `/oauth/authorize`, checked. */
interface Ask {
  scope: AuthCode['scope'];
  redirectUri: string;
  state: string;
}

/**
 * The request's parameters (the link's query, then the form's hidden fields), or why they are no good: a client_id
 * that is not the platform's, `response_type` other than `code`, an unknown scope, no http(s) `redirect_uri` (the
 * stand-in has no platform settings to take a default from). Stripe shows such a request an error page, not a redirect.
 */
function askOf(platform: Platform, source: Form): Ask | string {
  if (text(source.client_id) !== platform.clientId)
    return `No application has the client_id '${text(source.client_id) ?? ''}'.`;
  if ((text(source.response_type) ?? 'code') !== 'code') return 'The only response_type is code.';
  const scope = text(source.scope) ?? 'read_only';
  if (scope !== 'read_write' && scope !== 'read_only') return `Invalid scope: ${scope}.`;
  const redirectUri = text(source.redirect_uri) ?? '';
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(redirectUri).protocol);
  } catch {
    ok = false;
  }
  if (!ok) return `The redirect_uri must be an http or https URL, not '${redirectUri}'.`;
  return { scope, redirectUri, state: text(source.state) ?? '' };
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** The consent page, in plain English; its form posts back to the same path, relatively, so a proxy's prefix stays. */
function consentPage(
  platform: Platform,
  ask: Ask,
  filled: { businessName: string; email: string },
  error?: string,
): string {
  const can =
    ask.scope === 'read_write'
      ? 'take payments and give refunds on your account, and see its payments and details'
      : 'see your account’s payments and details';
  return pageHtml(
    'Connect your Stripe account',
    `<p class="note">Test Connect page (local provider)</p>
<h1>${PLATFORM_NAME} wants to connect to your Stripe account</h1>
<p>${PLATFORM_NAME} will be able to ${can}. You can disconnect it at any time, in ${PLATFORM_NAME} or in your Stripe dashboard.</p>
${errorLine(error)}
<form method="post" action="authorize">${hidden('client_id', platform.clientId)}${hidden('response_type', 'code')}${hidden('scope', ask.scope)}${hidden('redirect_uri', ask.redirectUri)}${hidden('state', ask.state)}
<label for="business_name">Business name</label>
<input id="business_name" name="business_name" autocomplete="organization" value="${escapeHtml(filled.businessName)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(filled.email)}" required>
<button type="submit" name="action" value="allow">Allow</button>
<button type="submit" name="action" value="deny" class="secondary" formnovalidate>Deny</button></form>`,
  );
}

const badRequest = (why: string): Reply => ({
  html: pageHtml('Cannot connect', `<h1>This link cannot connect a Stripe account</h1>${errorLine(why)}`),
  status: 400,
});

/** Back to the platform with `params` added to its redirect_uri (its own query kept), as Stripe sends the owner. */
function back(ask: Ask, params: Record<string, string>): Reply {
  const url = new URL(ask.redirectUri);
  for (const [key, value] of Object.entries({ ...params, ...(ask.state ? { state: ask.state } : {}) }))
    url.searchParams.set(key, value);
  return { redirect: url.toString(), status: 302 };
}

/** Allowed: a new Standard account, connected, and a code for it. */
function allow(state: State, ask: Ask, businessName: string | null, email: string): Reply {
  const created = realNow();
  const account: Account = {
    id: newId('acct'),
    object: 'account',
    type: 'standard',
    email,
    business_profile: { name: businessName, url: null, support_email: null, mcc: null },
    settings: { dashboard: { display_name: businessName, timezone: 'Etc/UTC' } },
    country: 'GB',
    default_currency: 'gbp',
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    capabilities: { card_payments: 'active', transfers: 'active' },
    metadata: {},
    created,
    livemode: false,
  };
  state.accounts.set(account.id, account);
  state.connected.add(account.id);
  const code: AuthCode = {
    id: newId('ac'),
    account: account.id,
    scope: ask.scope,
    redirect_uri: ask.redirectUri,
    created,
    used: false,
  };
  state.authCodes.set(code.id, code);
  return back(ask, { code: code.id, scope: code.scope });
}

/**
 * Connect's consent page, `GET /oauth/authorize?response_type=code&client_id=ca_…&scope=…&state=…&redirect_uri=…`
 * (`stripe_user[email]` and `stripe_user[business_name]` prefill its fields): Allow makes a new Standard account,
 * connects it and sends the owner to redirect_uri with `code`, `scope` and `state`; Deny sends them there with
 * `error=access_denied`, `error_description` and `state`.
 */
export function consentRoutes(state: State, platform: Platform): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/oauth\/authorize$/,
      handle: ({ query }) => {
        const ask = askOf(platform, query);
        if (typeof ask === 'string') return badRequest(ask);
        const user = (query.stripe_user ?? {}) as Form;
        const filled = {
          businessName: text(user.business_name) ?? 'Demo Stripe business',
          email: text(user.email) ?? 'demo@example.com',
        };
        return { html: consentPage(platform, ask, filled) };
      },
    },
    {
      method: 'POST',
      path: /^\/oauth\/authorize$/,
      handle: ({ form }) => {
        const ask = askOf(platform, form);
        if (typeof ask === 'string') return badRequest(ask);
        if (form.action === 'deny')
          return back(ask, { error: 'access_denied', error_description: 'The user denied your request' });
        const businessName = text(form.business_name)?.trim() || null;
        const email = text(form.email)?.trim() ?? '';
        if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
          const page = consentPage(
            platform,
            ask,
            { businessName: businessName ?? '', email },
            'Enter your email address.',
          );
          return { html: page, status: 400 };
        }
        return allow(state, ask, businessName, email);
      },
    },
  ];
}
