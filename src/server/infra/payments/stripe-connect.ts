import Stripe from 'stripe';
import { ProviderAuthError, type OAuthGrant, type OAuthProvider } from '../integrations/oauth';

/** The SDK pointed at `url`'s host, or at Stripe's own hosts when there is none. */
function sdk(secretKey: string, url: string | undefined): Stripe {
  const at = url ? new URL(url) : null;
  if (at && at.pathname !== '/')
    throw new Error(
      `${url} has a path: the stripe SDK calls the host alone, so give its origin (a proxy's prefix is for browsers).`,
    );
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(at ? { host: at.hostname, port: at.port, protocol: at.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

/** The owner's refusals (a code used or expired, a grant revoked, an account no longer connected) as ProviderAuthError. */
function ownerError(err: unknown): unknown {
  if (err instanceof Stripe.errors.StripeInvalidGrantError || err instanceof Stripe.errors.StripePermissionError)
    return new ProviderAuthError(err.message);
  return err;
}

/**
 * Stripe Connect with Standard accounts, connected through OAuth: the owner consents on Stripe's page
 * (`/oauth/authorize`, scope `read_write`), the code is exchanged at `/oauth/token` with the platform's secret key,
 * and the platform then acts on the account with its own key and `Stripe-Account: <accountId>` (see
 * `stripeProvider({ account })`); the access token is kept, not needed for that. Stripe's tokens do not expire
 * (`expiresAt` null); a refresh gives a new access token. Revoking deauthorizes the account.
 *
 * `connectUrl` and `apiUrl` are where the server calls (origins: the SDK takes a host, port and protocol; the
 * stripe SDK v23 sends its OAuth calls to the host it is given, so one instance per host); `publicConnectUrl` is
 * where the owner's browser goes for consent, which may be a proxy's path (`http://host:3000/local/stripe`).
 *
 * @example
 * const connect = stripeConnect({ secretKey, clientId: 'ca_…' });
 * reply.redirect(connect.authorizeUrl(state, `${appUrl}/integrations/stripe/callback`));
 * const grant = await connect.exchangeCode(code, redirectUri); // grant.accountId: 'acct_…'
 */
export function stripeConnect(opts: {
  secretKey: string;
  clientId: string;
  connectUrl?: string;
  publicConnectUrl?: string;
  apiUrl?: string;
}): OAuthProvider {
  const connectUrl = opts.connectUrl ?? 'https://connect.stripe.com';
  const consentBase = (opts.publicConnectUrl ?? connectUrl).replace(/\/+$/, '');
  const oauth = sdk(opts.secretKey, connectUrl);
  const api = sdk(opts.secretKey, opts.apiUrl);

  /** The grant a token answer gives, named as its account's owner knows it. */
  async function grantOf(token: Stripe.OAuthToken, refreshToken: string | null): Promise<OAuthGrant> {
    const accountId = token.stripe_user_id;
    if (!token.access_token || !accountId)
      throw new Error('Stripe answered the token request without a token or an account.');
    const account = await api.accounts.retrieve(accountId);
    return {
      accessToken: token.access_token,
      refreshToken: token.refresh_token ?? refreshToken,
      expiresAt: null,
      accountId,
      accountName:
        account.business_profile?.name || account.settings?.dashboard?.display_name || account.email || accountId,
    };
  }

  /** Whether the platform still reaches the account: a 403 (or 404) says it was disconnected. */
  async function reaches(accountId: string): Promise<boolean> {
    try {
      await api.accounts.retrieve(accountId);
      return true;
    } catch (err) {
      if (err instanceof Stripe.errors.StripePermissionError || err instanceof Stripe.errors.StripeInvalidRequestError)
        return false;
      throw err;
    }
  }

  return {
    name: 'stripe',
    authorizeUrl(state, redirectUri) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: opts.clientId,
        scope: 'read_write',
        state,
        redirect_uri: redirectUri,
      });
      return `${consentBase}/oauth/authorize?${query.toString()}`;
    },
    async exchangeCode(code) {
      try {
        return await grantOf(await oauth.oauth.token({ grant_type: 'authorization_code', code }), null);
      } catch (err) {
        throw ownerError(err);
      }
    },
    async refresh(grant) {
      if (!grant.refreshToken) throw new ProviderAuthError(`The grant of ${grant.accountId} has no refresh token.`);
      try {
        const token = await oauth.oauth.token({ grant_type: 'refresh_token', refresh_token: grant.refreshToken });
        return await grantOf(token, grant.refreshToken);
      } catch (err) {
        throw ownerError(err);
      }
    },
    async revoke(grant) {
      try {
        await oauth.oauth.deauthorize({ client_id: opts.clientId, stripe_user_id: grant.accountId });
      } catch (err) {
        // Stripe answers invalid_client both for an account no longer connected (fine: it is gone) and for a wrong
        // client id (not fine); whether the platform still reaches the account tells them apart.
        if (err instanceof Stripe.errors.StripeInvalidClientError && !(await reaches(grant.accountId))) return;
        throw err;
      }
    },
  };
}
