import { newToken, randomHex, sha256 } from '../../../src/server/infra/crypto';

/** A Zoom account of the stand-in: one user each, as a user-level app sees it. */
export interface LocalZoomAccount {
  id: string;
  userId: string;
  displayName: string;
  email: string;
}

/** A meeting as the stand-in keeps it; `meetings()` shows the first fields, Zoom's names. */
export interface StoredMeeting {
  id: string;
  topic: string;
  start_time: string;
  duration: number;
  timezone: string;
  join_url: string;
  host_account_id: string;
  deleted: boolean;
  uuid: string;
  host_id: string;
  host_email: string;
  agenda: string;
  start_url: string;
  password: string;
  created_at: string;
}

/** One authorisation (a consent given): its current refresh token, and whether it has been revoked. */
interface Grant {
  accountId: string;
  refreshToken: string;
  revoked: boolean;
}

/** What the token endpoint answers: Zoom's success, or its `{reason, error}` refusal with a status. */
export type TokenOutcome =
  { ok: true; json: Record<string, unknown> } | { ok: false; status: number; json: { reason: string; error: string } };

/** Everything the stand-in knows, in memory only. */
export interface ZoomState {
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  accounts: Map<string, LocalZoomAccount>;
  meetings: Map<string, StoredMeeting>;
  codes: Map<string, { accountId: string; redirectUri: string; expiresAt: number }>;
  grants: Grant[];
  refreshTokens: Map<string, Grant>;
  accessTokens: Map<string, { grant: Grant; expiresAt: number }>;
}

/** How long an access token lasts, as Zoom's do. */
export const TOKEN_SECONDS = 3600;
/** How long a code from the consent page can be exchanged. */
const CODE_MS = 10 * 60_000;

export const newZoomState = (webhookSecret?: string): ZoomState => ({
  clientId: newToken(16),
  clientSecret: newToken(24),
  webhookSecret: webhookSecret ?? newToken(16),
  accounts: new Map(),
  meetings: new Map(),
  codes: new Map(),
  grants: [],
  refreshTokens: new Map(),
  accessTokens: new Map(),
});

const refusal = (status: number, error: string, reason: string): TokenOutcome => ({
  ok: false,
  status,
  json: { reason, error },
});

/**
 * The account of `email`, made on first use: its ids come from the email, so the same email is the same account
 * (and user) every time, even after the stand-in restarts; the display name is the one given last.
 */
export function accountFor(state: ZoomState, displayName: string, email: string): LocalZoomAccount {
  const key = email.trim().toLowerCase();
  const id = sha256(`local-zoom account ${key}`).slice(0, 22);
  const account = state.accounts.get(id) ?? { id, userId: sha256(`local-zoom user ${key}`).slice(0, 22), email: key };
  const updated = { ...account, displayName: displayName.trim() };
  state.accounts.set(id, updated);
  return updated;
}

/** A single-use code for `account`, bound to the `redirectUri` it was given for. */
export function issueCode(state: ZoomState, accountId: string, redirectUri: string): string {
  const code = newToken(24);
  state.codes.set(code, { accountId, redirectUri, expiresAt: Date.now() + CODE_MS });
  return code;
}

function tokensOf(state: ZoomState, grant: Grant): TokenOutcome {
  const accessToken = newToken(32);
  state.accessTokens.set(accessToken, { grant, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
  state.refreshTokens.delete(grant.refreshToken);
  grant.refreshToken = newToken(32);
  state.refreshTokens.set(grant.refreshToken, grant);
  return {
    ok: true,
    json: {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: grant.refreshToken,
      expires_in: TOKEN_SECONDS,
      scope: 'meeting:read meeting:write user:read',
    },
  };
}

/** `grant_type=authorization_code`: a code is good once, before it runs out, with the redirect URI it was given for. */
export function exchangeCode(state: ZoomState, code: string, redirectUri: string): TokenOutcome {
  const issued = state.codes.get(code);
  state.codes.delete(code);
  if (!issued || issued.expiresAt < Date.now())
    return refusal(400, 'invalid_grant', `Invalid authorization code ${code}`);
  if (issued.redirectUri !== redirectUri) return refusal(400, 'invalid_request', 'Redirect URI mismatch.');
  const grant: Grant = { accountId: issued.accountId, refreshToken: '', revoked: false };
  state.grants.push(grant);
  return tokensOf(state, grant);
}

/** `grant_type=refresh_token`: a new access token and a new refresh token; the one used stops working. */
export function refreshGrant(state: ZoomState, refreshToken: string): TokenOutcome {
  const grant = state.refreshTokens.get(refreshToken);
  if (!grant || grant.revoked) return refusal(400, 'invalid_grant', 'Invalid Token!');
  return tokensOf(state, grant);
}

/** `POST /oauth/revoke`: a live access token or the current refresh token ends its whole grant. */
export function revokeToken(state: ZoomState, token: string): boolean {
  const access = state.accessTokens.get(token);
  const grant = access && access.expiresAt > Date.now() ? access.grant : state.refreshTokens.get(token);
  if (!grant || grant.revoked) return false;
  grant.revoked = true;
  return true;
}

/** The account an `Authorization: Bearer …` opens, or Zoom's message for a token that opens nothing. */
export function bearerAccount(state: ZoomState, authorization: string | undefined): LocalZoomAccount | string {
  const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const access = state.accessTokens.get(token);
  if (!access || access.grant.revoked) return 'Invalid access token.';
  if (access.expiresAt <= Date.now()) return 'Access token is expired.';
  return state.accounts.get(access.grant.accountId) ?? 'Invalid access token.';
}

/** Every access token issued so far runs out now. */
export function expireAll(state: ZoomState): void {
  for (const access of state.accessTokens.values()) access.expiresAt = 0;
}

/** Revokes every grant, or only those of `accountId`. */
export function revokeGrants(state: ZoomState, accountId?: string): void {
  for (const grant of state.grants) if (accountId === undefined || grant.accountId === accountId) grant.revoked = true;
}

/** A new meeting id: eleven digits, as Zoom's are. */
export function newMeetingId(state: ZoomState): string {
  for (;;) {
    const id = String(80_000_000_000 + (parseInt(randomHex(5), 16) % 10_000_000_000));
    if (!state.meetings.has(id)) return id;
  }
}
