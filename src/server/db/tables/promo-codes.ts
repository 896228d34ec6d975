import type { Generated } from 'kysely';

export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  kind: 'percentage' | 'fixed';
  /** A percentage (1–100), or minor units of `currency`. */
  value: number;
  currency: string | null;
  duration_months: number;
  expires_on: string | null;
  max_uses: number | null;
  times_used: Generated<number>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PromoRedemptionsTable {
  id: Generated<number>;
  promo_code_id: number;
  user_id: number;
  subscription_id: string | null;
  ends_at: string | null;
  created_at: string;
}

/** A payment for an owner's own plan the app keeps (LiqPay): see migration 0023. */
export interface SubscriptionPaymentsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  order_id: string;
  payment_id: string;
  status: string;
  amount: number;
  currency: string;
  description: string | null;
  /** What it paid for: `plan` or `bundle` (migration 0045). */
  kind: Generated<string>;
  paid_at: string;
  created_at: string;
}
