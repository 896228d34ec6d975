import type { Generated } from 'kysely';

// Accounts and what keeps them: users, login sessions, reset links, the outbox, rate-limit windows.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_admin: number;
  is_affiliate: number;
  is_api_user: number;
  plan_name: string | null;
  subscription_status: string;
  trial_ends_at: string | null;
  locale: string;
  region: string;
  /** ISO 4217, upper case: the owner's currency (migration 0052; null only on rows older than it). */
  currency: Generated<string | null>;
  /** ISO 3166 alpha-2: the owner's country, whose phone numbers are read without a country code (migration 0054). */
  country: Generated<string | null>;
  created_at: string;
  updated_at: string;
  email_verified_at: Generated<string | null>;
  ends_at: Generated<string | null>;
  subscription_ended_at: Generated<string | null>;
  has_incomplete_payment: Generated<number>;
  /** JSON array of add-on names, e.g. ["tax"]. */
  addons: Generated<string>;
  stage: Generated<string>;
  billing_interval: Generated<string | null>;
  sms_credits: Generated<number>;
  email_credits: Generated<number>;
  /** JSON object of the settings groups of spec §3. */
  settings: Generated<string>;
  affiliate_code: Generated<string | null>;
  referred_by: Generated<number | null>;
  deleted_at: Generated<string | null>;
  booking_slug: Generated<string | null>;
  /** The billing provider's customer and subscription (migration 0020). */
  billing_customer_id: Generated<string | null>;
  billing_subscription_id: Generated<string | null>;
  /** The end of the billing period being paid: the next billing date. */
  current_period_end: Generated<string | null>;
  /** A downgrade waiting for the end of the period (spec §4). */
  pending_plan_name: Generated<string | null>;
  /** The LiqPay order the owner was last sent to pay, not yet subscribed (migration 0024). */
  liqpay_pending_order: Generated<string | null>;
  /** An admin opened marketing to this owner whatever their plan (migration 0027). */
  marketing_available: Generated<number>;
  /** When the owner last asked the admins to open marketing (migration 0048). */
  marketing_requested_at: Generated<string | null>;
  /** The owner's account balance with Soloist in minor units of `balance_currency`, set by admins (migration 0042). */
  balance: Generated<number>;
  balance_currency: Generated<string | null>;
  /** An admin who sees every onboarding step as done (migration 0047). */
  is_hidden_admin: Generated<number>;
}

export interface BillingEventsTable {
  /** The provider's event id. */
  id: string;
  type: string;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  csrf_token: string;
  expires_at: string;
  created_at: string;
  /** Set while an admin is signed in as this session's user. */
  impersonator_id: Generated<number | null>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  user_id: number | null;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  status: string;
  created_at: string;
  /** Message type of spec §3 (reminder, thank_you, booking, marketing); null for account mail. */
  type: Generated<string | null>;
  /** The client a message to a client went to (migration 0026). */
  client_id: Generated<number | null>;
  /** Credits the message cost (0 when none were spent). */
  credits: Generated<number>;
  /** Makes a message happen once (a reminder's appointment, client, channel and lead time). */
  dedupe_key: Generated<string | null>;
  /** The SMS provider's id of the message, matched by its status callbacks. */
  provider_ref: Generated<string | null>;
  /** Why the message was not delivered, in the owner's words. */
  error: Generated<string | null>;
  updated_at: Generated<string | null>;
  /** The marketing campaign the message belongs to (migration 0027). */
  campaign_id: Generated<number | null>;
  /** The SHA-256 of a marketing email's unsubscribe token. */
  unsubscribe_hash: Generated<string | null>;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}
