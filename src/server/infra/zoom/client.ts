import { ProviderAuthError, type OAuthGrant, type OAuthProvider } from '../integrations/oauth';
import { baseOf, bearer, problemOf, restError, ZoomApiError, zoomCall, type ZoomAnswer } from './http';

export { ZoomApiError } from './http';
export { zoomMeetings, type ZoomMeeting, type ZoomMeetingInput, type ZoomMeetings } from './meetings';
export { zoomWebhook, ZoomSignatureError, type ZoomWebhookEvent } from './webhook';

/**
 * Zoom's refusals of a code or token (`{"reason": "Invalid Token!", "error": "invalid_grant"}` and the like; Zoom
 * answers some of them as `invalid_request`): the grant is no good, the owner must connect again. `invalid_client`
 * is not among them: wrong app credentials are the app's configuration, not the owner's grant.
 */
const REFUSALS = new Set(['invalid_grant', 'invalid_token', 'invalid_request']);

const refused = (answer: ZoomAnswer): boolean =>
  (answer.status === 400 || answer.status === 401) && REFUSALS.has(String(answer.body.error));

/** The user behind an access token, as `GET /users/me` describes it. */
interface ZoomUser {
  accountId: string;
  name: string;
}

/**
 * Zoom's OAuth 2 authorisation-code flow for a user-level app (`name: 'zoom'`), with the app's client id and
 * secret, through `fetch` (Zoom has no well-kept Node SDK):
 * - the consent page `{publicOauthUrl}/oauth/authorize?response_type=code&client_id&redirect_uri&state`;
 * - `POST {oauthUrl}/oauth/token` (HTTP Basic client id:secret, form `grant_type=authorization_code` with `code`
 *   and `redirect_uri`, or `grant_type=refresh_token`): access tokens last `expires_in` seconds (an hour), and each
 *   refresh rotates the refresh token (the old one stops working);
 * - `GET {apiUrl}/users/me` after the code is exchanged: `account_id` and the display name (else the email);
 * - `POST {oauthUrl}/oauth/revoke` (Basic, form `token`).
 *
 * `oauthUrl` defaults to https://zoom.us and `apiUrl` to https://api.zoom.us/v2; `publicOauthUrl` (what the
 * owner's browser opens) defaults to `oauthUrl`, and differs from it only for a local stand-in reached through a
 * proxy. A refused code or refresh token is `ProviderAuthError`; anything else Zoom answers is `ZoomApiError`.
 *
 * @example
 * const zoom = zoomOAuth({ clientId, clientSecret });
 * reply.redirect(zoom.authorizeUrl(state, `${appUrl}/api/v1/integrations/zoom/callback`));
 * const grant = await zoom.exchangeCode(code, `${appUrl}/api/v1/integrations/zoom/callback`);
 */
export function zoomOAuth(opts: {
  clientId: string;
  clientSecret: string;
  oauthUrl?: string;
  apiUrl?: string;
  publicOauthUrl?: string;
}): OAuthProvider {
  const oauthUrl = baseOf(opts.oauthUrl ?? 'https://zoom.us');
  const apiUrl = baseOf(opts.apiUrl ?? 'https://api.zoom.us/v2');
  const publicOauthUrl = baseOf(opts.publicOauthUrl ?? oauthUrl);
  const basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
  const post = (path: string, form: Record<string, string>) =>
    zoomCall(`${oauthUrl}${path}`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  async function tokens(form: Record<string, string>): Promise<Omit<OAuthGrant, 'accountId' | 'accountName'>> {
    const answer = await post('/oauth/token', form);
    if (refused(answer))
      throw new ProviderAuthError(`Zoom refused the ${form.grant_type}: ${problemOf(answer).message}`);
    const { body } = answer;
    if (answer.status !== 200 || typeof body.access_token !== 'string') {
      const { code, message } = problemOf(answer);
      throw new ZoomApiError(answer.status, code, `Zoom's token endpoint answered ${answer.status}: ${message}`);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : null;
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      expiresAt: seconds === null ? null : new Date(Date.now() + seconds * 1000).toISOString(),
    };
  }

  async function me(accessToken: string): Promise<ZoomUser> {
    const answer = await zoomCall(`${apiUrl}/users/me`, { headers: bearer(accessToken) });
    if (answer.status !== 200) throw restError(answer);
    const { account_id, display_name, first_name, last_name, email } = answer.body;
    if (typeof account_id !== 'string' || account_id === '')
      throw new ZoomApiError(answer.status, null, 'Zoom described the user without an account_id.');
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const name = text(display_name) || `${text(first_name)} ${text(last_name)}`.trim() || text(email);
    return { accountId: account_id, name: name || account_id };
  }

  return {
    name: 'zoom',
    authorizeUrl(state, redirectUri) {
      const query = { response_type: 'code', client_id: opts.clientId, redirect_uri: redirectUri, state };
      return `${publicOauthUrl}/oauth/authorize?${new URLSearchParams(query).toString()}`;
    },
    async exchangeCode(code, redirectUri) {
      const grant = await tokens({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      const user = await me(grant.accessToken);
      return { ...grant, accountId: user.accountId, accountName: user.name };
    },
    async refresh(grant) {
      if (!grant.refreshToken) throw new ProviderAuthError('The Zoom grant has no refresh token.');
      // The account is the grant's own: asking Zoom again could fail after the refresh token has rotated, and the
      // new one would then be lost with the answer.
      const fresh = await tokens({ grant_type: 'refresh_token', refresh_token: grant.refreshToken });
      return { ...fresh, accountId: grant.accountId, accountName: grant.accountName };
    },
    async revoke(grant) {
      // Revoking either token ends the whole authorisation. An access token that has run out is refused, so the
      // refresh token is tried next; when Zoom refuses both, the grant is already gone.
      for (const token of [grant.accessToken, grant.refreshToken]) {
        if (!token) continue;
        const answer = await post('/oauth/revoke', { token });
        if (answer.status === 200) return;
        if (!refused(answer)) {
          const { code, message } = problemOf(answer);
          throw new ZoomApiError(answer.status, code, `Zoom's revoke answered ${answer.status}: ${message}`);
        }
      }
    },
  };
}
