import type http from 'node:http';
import { randomHex } from '../../../src/server/infra/crypto';
import { StripeError, text, type Form, type Reply, type Route } from './http';
import { realNow, type State } from './state';
import type { Application, Grant } from './types-connect';

/** The platform the stand-in plays: its secret key and its Connect application's client id (`ca_…`). */
export interface Platform {
  secretKey: string;
  clientId: string;
}

/** The platform's name, on the consent page and in `account.application.deauthorized`. */
export const PLATFORM_NAME = 'Soloist';

/** How long a code from the consent page can be exchanged, in seconds, as in Stripe. */
const CODE_LIFETIME = 300;

/** A key as Stripe's errors show one: its prefix and last four characters (`sk_test_************abcd`). */
function masked(key: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(key.length - prefix.length - 4, 4))}${key.slice(-4)}`;
}

const bearer = (headers: http.IncomingHttpHeaders): string => {
  const auth = headers.authorization ?? '';
  return auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
};

/** 403 for an account the key cannot reach (never connected, disconnected, another's), worded as Stripe's. */
const noAccess = (key: string, account: string): StripeError =>
  new StripeError(
    403,
    'invalid_request_error',
    `The provided key '${masked(key)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
    { code: 'account_invalid' },
  );

/**
 * The connected account an API call acts on, null for the platform's own. The platform's secret key acts on the
 * account its `Stripe-Account` header names; an OAuth access token acts on its own account. 401 for a key that is
 * neither (an access token revoked or replaced by a refresh says it has expired, as Stripe's do); 403 for an account
 * that is not connected (never, or no longer) or is not the access token's.
 */
export function authenticate(state: State, platform: Platform, headers: http.IncomingHttpHeaders): string | null {
  const key = bearer(headers);
  const header = headers['stripe-account'];
  const asked = typeof header === 'string' && header !== '' ? header : null;
  if (key !== '' && key === platform.secretKey) {
    if (asked && !state.connected.has(asked)) throw noAccess(key, asked);
    return asked;
  }
  const grant = key === '' ? undefined : [...state.grants.values()].find((g) => g.access_token === key);
  if (!grant) throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
  if (grant.revoked)
    throw new StripeError(
      401,
      'invalid_request_error',
      `Expired API Key provided: ${masked(key)}. Application access may have been revoked.`,
      { code: 'api_key_expired' },
    );
  if (asked && asked !== grant.account) throw noAccess(key, asked);
  return grant.account;
}

/** The connected account a Checkout Session was made on; null for the platform's own. */
export const accountOfSession = (state: State, id: string): string | null =>
  state.sessionAccounts.get(id)?.account ?? null;

/**
 * Disconnects an account from the platform, whoever asked (the platform, or the owner in their dashboard): its
 * grants stop working, codes not yet exchanged with them, and `account.application.deauthorized` goes to the
 * payments endpoint naming the account. An account not connected is left as it is.
 */
export function disconnect(state: State, platform: Platform, account: string): void {
  if (!state.connected.delete(account)) return;
  for (const grant of state.grants.values()) if (grant.account === account) grant.revoked = true;
  const application: Application = { id: platform.clientId, object: 'application', name: PLATFORM_NAME };
  state.events.emit('account.application.deauthorized', application, {
    created: realNow(),
    endpoint: 'payments',
    account,
  });
}

/** An OAuth error the way connect.stripe.com answers one: `{error, error_description}`, not the API's envelope. */
const oauthError = (status: number, error: string, description: string): Reply => ({
  json: { error, error_description: description },
  status,
});

/** What `POST /oauth/token` answers: the grant's tokens and the account they open. */
const tokenJson = (grant: Grant) => ({
  access_token: grant.access_token,
  livemode: false,
  refresh_token: grant.refresh_token,
  scope: grant.scope,
  stripe_publishable_key: grant.stripe_publishable_key,
  stripe_user_id: grant.account,
  token_type: 'bearer',
});

const newAccessToken = () => `sk_test_local_oauth_${randomHex(16)}`;

/** A code from the consent page exchanged (once, within five minutes, its account still connected) for a grant. */
function exchange(state: State, form: Form): Reply {
  const id = text(form.code);
  if (!id) return oauthError(400, 'invalid_request', 'No authorization code provided.');
  const code = state.authCodes.get(id);
  if (!code) return oauthError(400, 'invalid_grant', `Authorization code does not exist: ${id}`);
  if (code.used) return oauthError(400, 'invalid_grant', `Authorization code has already been used: ${id}`);
  if (realNow() - code.created > CODE_LIFETIME)
    return oauthError(400, 'invalid_grant', `Authorization code expired: ${id}`);
  if (!state.connected.has(code.account))
    return oauthError(400, 'invalid_grant', `The account ${code.account} is no longer connected to your platform.`);
  code.used = true;
  const grant: Grant = {
    account: code.account,
    access_token: newAccessToken(),
    refresh_token: `rt_local_${randomHex(16)}`,
    scope: code.scope,
    stripe_publishable_key: `pk_test_local_${randomHex(12)}`,
    created: realNow(),
    revoked: false,
  };
  state.grants.set(grant.refresh_token, grant);
  return { json: tokenJson(grant) };
}

/** A new access token for a refresh token not revoked; the earlier access token stops working, the refresh token stays. */
function refresh(state: State, form: Form): Reply {
  const token = text(form.refresh_token);
  if (!token) return oauthError(400, 'invalid_request', 'No refresh token provided.');
  const grant = state.grants.get(token);
  if (!grant) return oauthError(400, 'invalid_grant', `Refresh token does not exist: ${token}`);
  if (grant.revoked)
    return oauthError(
      400,
      'invalid_grant',
      `Refresh token revoked: ${grant.account} is no longer connected to your platform.`,
    );
  grant.access_token = newAccessToken();
  return { json: tokenJson(grant) };
}

/**
 * Whether an OAuth call is the platform's: its secret key as `client_secret` or as the bearer token, as Stripe
 * takes either. Null when it is, else the error to answer.
 */
function platformError(platform: Platform, headers: http.IncomingHttpHeaders, form: Form): Reply | null {
  const key = text(form.client_secret) ?? bearer(headers);
  if (key === platform.secretKey) return null;
  if (key === '')
    return oauthError(401, 'invalid_client', 'No API key provided: send it as client_secret or as a bearer token.');
  return oauthError(401, 'invalid_client', `No such API key: ${masked(key)}`);
}

/**
 * Connect's OAuth endpoints beside the consent page (`consent.ts`): `POST /oauth/token` (grant_type
 * `authorization_code` or `refresh_token`), `POST /oauth/deauthorize` (`client_id`, `stripe_user_id`), answering
 * and refusing in their own `{error, error_description}` form; and `GET /v1/accounts/:id` for a connected account.
 */
export function connectRoutes(state: State, platform: Platform): Route[] {
  return [
    {
      method: 'POST',
      path: /^\/oauth\/token$/,
      handle: ({ form, headers }) => {
        const refused = platformError(platform, headers, form);
        if (refused) return refused;
        const type = text(form.grant_type);
        if (type === 'authorization_code') return exchange(state, form);
        if (type === 'refresh_token') return refresh(state, form);
        if (!type) return oauthError(400, 'invalid_request', 'No grant type specified.');
        return oauthError(400, 'unsupported_grant_type', `Unsupported grant type: ${type}`);
      },
    },
    {
      method: 'POST',
      path: /^\/oauth\/deauthorize$/,
      handle: ({ form, headers }) => {
        const refused = platformError(platform, headers, form);
        if (refused) return refused;
        const clientId = text(form.client_id) ?? '';
        if (clientId !== platform.clientId)
          return oauthError(401, 'invalid_client', `The client_id provided does not belong to you: ${clientId}`);
        const account = text(form.stripe_user_id);
        if (!account) return oauthError(400, 'invalid_request', 'No stripe_user_id provided.');
        if (!state.connected.has(account))
          return oauthError(
            401,
            'invalid_client',
            `${account} is not connected to your application, or does not exist.`,
          );
        disconnect(state, platform, account);
        return { json: { stripe_user_id: account } };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/accounts\/([\w-]+)$/,
      perAccount: true,
      handle: ({ params, account, headers }) => {
        const id = params[0];
        if ((account && account !== id) || !state.connected.has(id)) throw noAccess(bearer(headers), id);
        return { json: state.accounts.get(id) };
      },
    },
  ];
}

/** A Standard account as a test or a developer sees it on the stand-in. */
export interface LocalAccount {
  id: string;
  business_name: string | null;
  email: string | null;
  /** False once disconnected (by the platform or in the owner's dashboard). */
  connected: boolean;
}

/** Every account made on the consent page, oldest first. */
export const accountList = (state: State): LocalAccount[] =>
  [...state.accounts.values()].map((a) => ({
    id: a.id,
    business_name: a.business_profile.name,
    email: a.email,
    connected: state.connected.has(a.id),
  }));

/** A payment-mode Checkout Session as a test or a developer sees it: whose it is, and what became of it. */
export interface LocalPayment {
  session: string;
  /** The connected account it was made on; null for the platform's own. */
  account: string | null;
  amount: number;
  currency: string;
  paid: boolean;
  payment_intent: string | null;
  refunded: boolean;
}

/** Every payment-mode Checkout Session, oldest first. */
export const paymentList = (state: State): LocalPayment[] =>
  [...state.sessions.values()]
    .filter((s) => s.mode === 'payment')
    .map((s) => ({
      session: s.id,
      account: accountOfSession(state, s.id),
      amount: s.amount_total ?? 0,
      currency: s.currency ?? '',
      paid: s.payment_status === 'paid',
      payment_intent: s.payment_intent,
      refunded: s.payment_intent !== null && state.refunds.has(s.payment_intent),
    }));
