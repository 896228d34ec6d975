import type { Generated } from 'kysely';

/** One admin action on a user (migration 0042): who, what, the values before and after as JSON, when. Append-only. */
export interface AdminAuditTable {
  id: Generated<number>;
  user_id: number;
  admin_id: number | null;
  action: string;
  before: string | null;
  after: string | null;
  created_at: string;
}

/** The admin dashboard's stocks as the hourly record last found them on a UTC day (migration 0053), as JSON. */
export interface StockDaysTable {
  day: string;
  stocks: string;
  recorded_at: string;
}
