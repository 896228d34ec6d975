import type { Generated } from 'kysely';

/** An owner's goals (migration 0030). */
export interface GoalsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  timeframe: string;
  /** Money in minor units, hours in whole hours, or a count — by type. */
  amount: number;
  created_at: string;
  updated_at: string;
}
