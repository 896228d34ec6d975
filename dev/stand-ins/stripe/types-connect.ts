import type { Metadata } from './types';

/**
 * Stripe Connect as the stand-in keeps it: Standard accounts that owners connect to the platform through OAuth, the
 * codes the consent page gives back, and the grants (access and refresh tokens) the codes are exchanged for.
 */

/** A Standard account, in Stripe's shape (fields nothing here uses are left out). */
export interface Account {
  id: string;
  object: 'account';
  type: 'standard';
  email: string | null;
  business_profile: { name: string | null; url: null; support_email: null; mcc: null };
  settings: { dashboard: { display_name: string | null; timezone: 'Etc/UTC' } };
  country: 'GB';
  default_currency: 'gbp';
  charges_enabled: true;
  payouts_enabled: true;
  details_submitted: true;
  capabilities: { card_payments: 'active'; transfers: 'active' };
  metadata: Metadata;
  created: number;
  livemode: false;
}

/** What the consent page gave back: used once, within five minutes, as in Stripe. */
export interface AuthCode {
  id: string;
  account: string;
  scope: 'read_write' | 'read_only';
  redirect_uri: string;
  created: number;
  used: boolean;
}

/**
 * The tokens one code was exchanged for. A refresh gives a new access token (the earlier one stops working) and
 * keeps the refresh token; disconnecting revokes both.
 */
export interface Grant {
  account: string;
  access_token: string;
  refresh_token: string;
  scope: 'read_write' | 'read_only';
  stripe_publishable_key: string;
  created: number;
  revoked: boolean;
}

/** The platform's Connect application, as `account.application.deauthorized` names it. */
export interface Application {
  id: string;
  object: 'application';
  name: string;
}
