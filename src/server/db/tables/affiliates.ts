import type { Generated } from 'kysely';

/** An affiliate's settings (migration 0045): minor units and percents (0–100). */
export interface AffiliateSettingsTable {
  user_id: number;
  fixed_amount: Generated<number>;
  fixed_discount_amount: Generated<number>;
  percent_amount: Generated<number>;
  percent_discount_amount: Generated<number>;
  updated_at: string;
}

/** A payout to an affiliate (migration 0045), in minor units of the deployment's currency. Append-only. */
export interface AffiliatePayoutsTable {
  id: Generated<number>;
  affiliate_id: number;
  amount: number;
  currency: string;
  paid_by: number | null;
  created_at: string;
}
