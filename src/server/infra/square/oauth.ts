import { SquareError, type Square } from 'square';
import { ProviderAuthError, type OAuthGrant, type OAuthProvider } from '../integrations/oauth';
import { apiBase, squareClient } from './client';
import { withGrant, withToken } from './errors';

/**
 * The permissions online booking asks a seller for: the business's name and main location (merchant profile),
 * payment links and their orders (orders read/write, payments write), and reading and refunding payments.
 */
export const SQUARE_SCOPES = [
  'MERCHANT_PROFILE_READ',
  'ORDERS_READ',
  'ORDERS_WRITE',
  'PAYMENTS_READ',
  'PAYMENTS_WRITE',
];

/** `expires_at` as ISO 8601 in UTC (Square writes it without milliseconds). */
const iso = (value: string | undefined): string | null => (value ? new Date(value).toISOString() : null);

/**
 * Square's OAuth code flow for a seller's account (https://developer.squareup.com/docs/oauth-api/overview): the
 * permission page at `{publicBaseUrl}/oauth2/authorize` (with `session=false`, so the seller signs in to the account
 * they mean), ObtainToken for a code or a refresh token (the code flow's refresh token does not change), and
 * RevokeToken with the application secret. The account is the merchant (`merchant_id`), named by its business name.
 * `baseUrl` points the SDK at another Square-compatible server (the local stand-in); the browser opens
 * `publicBaseUrl`, by default the same.
 *
 * @example
 * const square = squareOAuth({ applicationId, applicationSecret });
 * reply.redirect(square.authorizeUrl(state, `${appUrl}/integrations/square/callback`));
 * const grant = await square.exchangeCode(code, `${appUrl}/integrations/square/callback`);
 */
export function squareOAuth(opts: {
  applicationId: string;
  applicationSecret: string;
  baseUrl?: string;
  publicBaseUrl?: string;
}): OAuthProvider {
  const publicBase = (opts.publicBaseUrl ?? apiBase(opts.baseUrl)).replace(/\/+$/, '');
  const client = squareClient(opts.baseUrl);

  async function grantOf(res: Square.ObtainTokenResponse, previous?: OAuthGrant): Promise<OAuthGrant> {
    if (!res.accessToken || !res.merchantId)
      throw new Error('Square answered ObtainToken without a token or merchant.');
    const grant = {
      accessToken: res.accessToken,
      refreshToken: res.refreshToken ?? previous?.refreshToken ?? null,
      expiresAt: iso(res.expiresAt),
      accountId: res.merchantId,
    };
    // A refresh keeps the name known; a new connection asks the merchant's (its business name, else its id).
    if (previous) return { ...grant, accountName: previous.accountName };
    const seller = squareClient(opts.baseUrl, res.accessToken);
    const { merchant } = await withToken(() => seller.merchants.get({ merchantId: res.merchantId! }));
    return { ...grant, accountName: merchant?.businessName || res.merchantId };
  }

  return {
    name: 'square',
    authorizeUrl(state, redirectUri) {
      const query = new URLSearchParams({
        client_id: opts.applicationId,
        scope: SQUARE_SCOPES.join(' '),
        session: 'false',
        state,
        redirect_uri: redirectUri,
      });
      return `${publicBase}/oauth2/authorize?${query}`;
    },
    async exchangeCode(code, redirectUri) {
      const res = await withGrant(() =>
        client.oAuth.obtainToken({
          clientId: opts.applicationId,
          clientSecret: opts.applicationSecret,
          grantType: 'authorization_code',
          code,
          redirectUri,
        }),
      );
      return grantOf(res);
    },
    async refresh(grant) {
      if (!grant.refreshToken) throw new ProviderAuthError('The Square grant has no refresh token: connect again.');
      const res = await withGrant(() =>
        client.oAuth.obtainToken({
          clientId: opts.applicationId,
          clientSecret: opts.applicationSecret,
          grantType: 'refresh_token',
          refreshToken: grant.refreshToken,
        }),
      );
      return grantOf(res, grant);
    },
    async revoke(grant) {
      try {
        // By merchant: every token of the application for that seller goes, even one refreshed meanwhile.
        await client.oAuth.revokeToken(
          { clientId: opts.applicationId, merchantId: grant.accountId },
          { headers: { Authorization: `Client ${opts.applicationSecret}` } },
        );
      } catch (err) {
        // A grant Square no longer knows is already gone.
        if (err instanceof SquareError && err.statusCode === 404) return;
        throw err;
      }
    },
  };
}
