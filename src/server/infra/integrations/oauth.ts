/**
 * What every owner's connection made through OAuth shares (Stripe Connect, Square, Zoom): the provider's consent page,
 * the code exchanged for tokens, tokens refreshed before they run out, and revoked on disconnect.
 */

/** Tokens and the account they open, as the provider answered them. */
export interface OAuthGrant {
  accessToken: string;
  /** Null where the provider issues none. */
  refreshToken: string | null;
  /** When the access token runs out (ISO 8601, UTC); null when it does not. */
  expiresAt: string | null;
  /** The provider's id of the connected account (Stripe `acct_…`, Square merchant id, Zoom account id). */
  accountId: string;
  /** What the owner recognises the account by: its business or display name, else its email. */
  accountName: string;
}

/** The provider says the grant is no good any more (revoked, expired refresh token): the owner must reconnect. */
export class ProviderAuthError extends Error {}

/** A provider's OAuth 2 authorisation-code flow, pointed at the real service or at its local stand-in. */
export interface OAuthProvider {
  readonly name: 'stripe' | 'square' | 'zoom';
  /** The consent page the owner's browser is sent to; it comes back to `redirectUri` with `code` and `state`. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Exchanges the code the consent page gave back. Throws ProviderAuthError when the provider refuses it. */
  exchangeCode(code: string, redirectUri: string): Promise<OAuthGrant>;
  /** A fresh grant from a refresh token. Throws ProviderAuthError when the provider refuses it. */
  refresh(grant: OAuthGrant): Promise<OAuthGrant>;
  /** Revokes the grant at the provider (where it offers that); a grant already gone is not an error. */
  revoke(grant: OAuthGrant): Promise<void>;
}
