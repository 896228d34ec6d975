import { sameSecret } from '../../../src/server/infra/crypto';
import type { Call, Reply } from './http';
import { consentPage, errorPage, type ConsentRequest } from './pages';
import {
  accountFor,
  exchangeCode,
  issueCode,
  refreshGrant,
  revokeToken,
  type TokenOutcome,
  type ZoomState,
} from './state';

/** What the consent page's fields hold at first: the demo account. */
const DEMO = { displayName: 'Demo Zoom user', email: 'demo.user@example.com' };

/** The authorisation request read and checked as Zoom checks it, or the error page Zoom would show instead. */
function consentRequest(state: ZoomState, params: URLSearchParams): ConsentRequest | Reply {
  const clientId = params.get('client_id') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  if (params.get('response_type') !== 'code') return { html: errorPage('response_type must be "code".'), status: 400 };
  if (clientId !== state.clientId) return { html: errorPage(`Invalid client_id: ${clientId}`), status: 400 };
  let url: URL | null = null;
  try {
    url = new URL(redirectUri);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return { html: errorPage(`Invalid redirect: ${redirectUri}`), status: 400 };
  return { clientId, redirectUri, state: params.get('state') ?? '' };
}

/** The app's redirect URI with `params` added to its query (kept as it was otherwise). */
function back(request: ConsentRequest, params: Record<string, string>): Reply {
  const url = new URL(request.redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (request.state) url.searchParams.set('state', request.state);
  return { redirect: url.toString() };
}

/** The consent form sent: Deny goes back with `access_denied`; Allow checks the account's fields, then sends a code. */
function decide(state: ZoomState, form: URLSearchParams): Reply {
  const request = consentRequest(state, form);
  if (!('clientId' in request)) return request;
  if (form.get('decision') !== 'allow') return back(request, { error: 'access_denied' });
  const typed = { displayName: (form.get('display_name') ?? '').trim(), email: (form.get('email') ?? '').trim() };
  if (!typed.displayName)
    return {
      html: consentPage(request, typed, { field: 'display_name', message: 'Enter a display name.' }),
      status: 400,
    };
  if (!/^[^\s@]+@[^\s@]+$/.test(typed.email))
    return { html: consentPage(request, typed, { field: 'email', message: 'Enter an email address.' }), status: 400 };
  const account = accountFor(state, typed.displayName, typed.email);
  return back(request, { code: issueCode(state, account.id, request.redirectUri) });
}

/** Whether `Authorization: Basic …` carries the app's client id and secret. */
function clientAuthenticated(state: ZoomState, authorization: string | undefined): boolean {
  const encoded = /^Basic\s+(.+)$/i.exec(authorization ?? '')?.[1];
  if (!encoded) return false;
  return sameSecret(Buffer.from(encoded, 'base64').toString('utf8'), `${state.clientId}:${state.clientSecret}`);
}

/** The parameters of a token or revoke request: Zoom takes them in the query or in the form body. */
function paramsOf(call: Call): URLSearchParams {
  const params = new URLSearchParams(call.query);
  for (const [key, value] of new URLSearchParams(call.body)) params.set(key, value);
  return params;
}

const INVALID_CLIENT: Reply = {
  json: { reason: 'Invalid client_id or client_secret', error: 'invalid_client' },
  status: 401,
};

const outcome = (result: TokenOutcome): Reply =>
  result.ok ? { json: result.json } : { json: result.json, status: result.status };

function token(state: ZoomState, call: Call): Reply {
  if (!clientAuthenticated(state, call.headers.authorization)) return INVALID_CLIENT;
  const params = paramsOf(call);
  const grantType = params.get('grant_type');
  if (grantType === 'authorization_code')
    return outcome(exchangeCode(state, params.get('code') ?? '', params.get('redirect_uri') ?? ''));
  if (grantType === 'refresh_token') return outcome(refreshGrant(state, params.get('refresh_token') ?? ''));
  return { json: { reason: `Unsupported grant type: ${grantType}`, error: 'unsupported_grant_type' }, status: 400 };
}

function revoke(state: ZoomState, call: Call): Reply {
  if (!clientAuthenticated(state, call.headers.authorization)) return INVALID_CLIENT;
  if (revokeToken(state, paramsOf(call).get('token') ?? '')) return { json: { status: 'success' } };
  return { json: { reason: 'Invalid Token!', error: 'invalid_request' }, status: 400 };
}

/**
 * Zoom's OAuth endpoints: `GET /oauth/authorize` (the consent page), `POST /oauth/authorize` (its form),
 * `POST /oauth/token` and `POST /oauth/revoke` (both with HTTP Basic client id:secret). Null for other paths.
 */
export function oauthRoute(state: ZoomState, call: Call): Reply | null {
  if (call.path === '/oauth/authorize' && call.method === 'GET') {
    const request = consentRequest(state, call.query);
    return 'clientId' in request ? { html: consentPage(request, DEMO) } : request;
  }
  if (call.path === '/oauth/authorize' && call.method === 'POST') return decide(state, new URLSearchParams(call.body));
  if (call.path === '/oauth/token' && call.method === 'POST') return token(state, call);
  if (call.path === '/oauth/revoke' && call.method === 'POST') return revoke(state, call);
  return null;
}
