import type { Generated } from 'kysely';

/** An owner's connection to a provider of theirs (migration 0029). */
export interface IntegrationsTable {
  id: Generated<number>;
  user_id: number;
  /** `payments` (one card provider) or `video` (Zoom). */
  kind: string;
  /** stripe, square, liqpay or zoom. */
  provider: string;
  /** `connected`, or `reconnect` when the provider no longer accepts the grant. */
  status: string;
  account_id: string;
  account_name: string;
  /** LiqPay's public key (public by design: it is in every checkout form). */
  public_key: string | null;
  /** Sealed JSON (AES-256-GCM) of the tokens or the private key. */
  secrets: string;
  /** When the access token runs out; null when it does not. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}
