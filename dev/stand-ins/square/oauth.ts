import { randomHex } from '../../../src/server/infra/crypto';
import { textOf, type Call, type Context, type Reply, type Route } from './http';
import { consentPage, errorPage } from './pages';
import {
  badRequest,
  DAY_MS,
  ids,
  notFound,
  rfc3339,
  stamp,
  TOKEN_DAYS,
  unauthorized,
  type Grant,
  type Merchant,
} from './state';

/** What Square grants when the authorize URL names no `scope`. */
const DEFAULT_SCOPES = ['MERCHANT_PROFILE_READ', 'PAYMENTS_READ', 'SETTLEMENTS_READ', 'BANK_ACCOUNTS_READ'];

/** How long an authorisation code can be exchanged: Square's five minutes. */
const CODE_MS = 5 * 60_000;

/** The consent request's parameters, checked; an error page when the application or `redirect_uri` is wrong. */
function readRequest(
  ctx: Context,
  input: URLSearchParams,
): { fields: Record<string, string>; scopes: string[] } | Reply {
  if (input.get('client_id') !== ctx.applicationId)
    return { html: errorPage('Unknown application', 'client_id names no application here.'), status: 400 };
  const redirectUri = input.get('redirect_uri') ?? '';
  if (!/^https?:\/\/\S+$/.test(redirectUri))
    return { html: errorPage('No redirect URL', 'redirect_uri must be an http(s) URL.'), status: 400 };
  const scope = (input.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
  const scopes = scope.length ? scope : DEFAULT_SCOPES;
  const fields = { client_id: ctx.applicationId, scope: scopes.join(' '), state: input.get('state') ?? '' };
  return { fields: { ...fields, redirect_uri: redirectUri }, scopes };
}

/** `redirect_uri` with `params` added to its query. */
function back(redirectUri: string, params: Record<string, string>): Reply {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.append(key, value);
  return { redirect: url.toString() };
}

/** The merchant of that business name, found again or made with its main location. */
function merchantNamed(ctx: Context, name: string): Merchant {
  const known = [...ctx.state.merchants.values()].find((m) => m.business_name === name);
  if (known) return known;
  const merchant = { id: ids.merchant(), business_name: name, main_location_id: ids.location(), created_at: stamp() };
  ctx.state.merchants.set(merchant.id, merchant);
  return merchant;
}

/** The consent form answered: Allow → a code for the merchant; Deny → `error=access_denied`. */
function decide(ctx: Context, form: URLSearchParams): Reply {
  const read = readRequest(ctx, form);
  if (!('fields' in read)) return read;
  const { fields, scopes } = read;
  if (form.get('decision') !== 'allow')
    return back(fields.redirect_uri, { error: 'access_denied', error_description: 'user_denied', state: fields.state });
  const merchant = merchantNamed(ctx, (form.get('business_name') ?? '').trim() || 'Demo Square seller');
  const code = ids.code();
  const redirectUri = fields.redirect_uri;
  ctx.state.codes.set(code, {
    merchantId: merchant.id,
    scopes,
    redirectUri,
    expiresAt: Date.now() + CODE_MS,
    used: false,
  });
  return back(redirectUri, { code, response_type: 'code', state: fields.state });
}

/** A new access token of `grant`, answered in ObtainToken's shape. */
function issue(ctx: Context, grant: Grant): Reply {
  const accessToken = ids.accessToken();
  const expiresAt = Date.now() + TOKEN_DAYS * DAY_MS;
  ctx.state.tokens.set(accessToken, { grant, expiresAt, revoked: false });
  const json = {
    access_token: accessToken,
    token_type: 'bearer',
    expires_at: rfc3339(expiresAt),
    merchant_id: grant.merchantId,
    refresh_token: grant.refreshToken,
    short_lived: false,
  };
  return { json };
}

/** ObtainToken, code flow: `authorization_code` (single-use) or `refresh_token` (the same one answered back). */
function obtainToken(ctx: Context, call: Call): Reply {
  const b = call.body;
  if (b.client_id !== ctx.applicationId || b.client_secret !== ctx.applicationSecret)
    throw unauthorized('UNAUTHORIZED', 'Invalid client_id or client_secret.');
  if (b.grant_type === 'authorization_code') {
    const code = textOf(b.code);
    if (!code) throw badRequest('MISSING_REQUIRED_PARAMETER', 'Missing required parameter.', 'code');
    const found = ctx.state.codes.get(code);
    if (!found) throw unauthorized('UNAUTHORIZED', 'Authorization code not found.');
    if (found.used) throw unauthorized('UNAUTHORIZED', 'Authorization code is already redeemed.');
    if (found.expiresAt <= Date.now()) throw unauthorized('UNAUTHORIZED', 'Authorization code has expired.');
    if (b.redirect_uri !== undefined && b.redirect_uri !== found.redirectUri)
      throw unauthorized('UNAUTHORIZED', 'redirect_uri does not match the one authorized.');
    found.used = true;
    const grant = {
      merchantId: found.merchantId,
      scopes: found.scopes,
      refreshToken: ids.refreshToken(),
      revoked: false,
    };
    ctx.state.grants.set(grant.refreshToken, grant);
    return issue(ctx, grant);
  }
  if (b.grant_type === 'refresh_token') {
    const grant = ctx.state.grants.get(textOf(b.refresh_token) ?? '');
    if (!grant) throw unauthorized('UNAUTHORIZED', 'Invalid refresh token.');
    if (grant.revoked) throw unauthorized('UNAUTHORIZED', 'The refresh token has been revoked.');
    return issue(ctx, grant);
  }
  throw badRequest('INVALID_VALUE', 'grant_type must be authorization_code or refresh_token.', 'grant_type');
}

/**
 * Ends the merchant's authorisation of the application: its access tokens, and (unless `onlyAccess`) its refresh
 * tokens, announced with `oauth.authorization.revoked` when anything was still live.
 */
export function revokeMerchant(
  ctx: Context,
  merchantId: string,
  revoker: 'APPLICATION' | 'MERCHANT',
  onlyAccess = false,
) {
  const tokens = [...ctx.state.tokens.values()].filter((t) => t.grant.merchantId === merchantId && !t.revoked);
  const grants = [...ctx.state.grants.values()].filter((g) => g.merchantId === merchantId && !g.revoked);
  for (const token of tokens) token.revoked = true;
  if (onlyAccess) return;
  for (const grant of grants) grant.revoked = true;
  if (tokens.length || grants.length) {
    const revocation = { revoked_at: stamp(), revoker_type: revoker };
    ctx.webhooks.send('oauth.authorization.revoked', merchantId, 'revocation', randomHex(12), { revocation });
  }
}

/** RevokeToken: `Authorization: Client <application secret>`, naming the `access_token` or the `merchant_id`. */
function revokeToken(ctx: Context, call: Call): Reply {
  if (call.headers.authorization !== `Client ${ctx.applicationSecret}` || call.body.client_id !== ctx.applicationId)
    throw unauthorized('UNAUTHORIZED', 'Revoking needs Authorization: Client <application secret> and its client_id.');
  const accessToken = textOf(call.body.access_token);
  const merchantId = textOf(call.body.merchant_id);
  if (accessToken && merchantId)
    throw badRequest('INVALID_REQUEST_ERROR', 'Give access_token or merchant_id, not both.', 'merchant_id');
  const merchant = accessToken ? ctx.state.tokens.get(accessToken)?.grant.merchantId : merchantId;
  // An unknown access token is not echoed back: errors end up in logs.
  if (!merchant || !ctx.state.merchants.has(merchant))
    throw accessToken ? notFound('access token', '…') : notFound('merchant', merchantId ?? '');
  revokeMerchant(ctx, merchant, 'APPLICATION', call.body.revoke_only_access_token === true);
  return { json: { success: true } };
}

/**
 * The OAuth API: the permission page (`GET /oauth2/authorize?client_id=&scope=&state=&redirect_uri=`, its form
 * posted back to the same path), ObtainToken (`POST /oauth2/token`) and RevokeToken (`POST /oauth2/revoke`).
 */
export function oauthRoutes(ctx: Context): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/oauth2\/authorize$/,
      handle(call) {
        const read = readRequest(ctx, call.query);
        return 'fields' in read ? { html: consentPage(read.fields, read.scopes) } : read;
      },
    },
    { method: 'POST', path: /^\/oauth2\/authorize$/, handle: (call) => decide(ctx, call.form) },
    { method: 'POST', path: /^\/oauth2\/token$/, handle: (call) => obtainToken(ctx, call) },
    { method: 'POST', path: /^\/oauth2\/revoke$/, handle: (call) => revokeToken(ctx, call) },
  ];
}
