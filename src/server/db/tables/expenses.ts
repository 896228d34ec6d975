import type { Generated } from 'kysely';

// Expenses (migration 0016): one row per occurrence; a recurring series' rows share `series_id`.

export interface ExpensesTable {
  id: Generated<number>;
  user_id: number;
  /** `expense` or `mileage` (a trip). */
  type: Generated<string>;
  category: string;
  title: string | null;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The owner's local day. */
  date: string;
  notes: string | null;
  receipt: string | null;
  /** A trip: where from and to, how far, and what a mile came to (minor units). */
  from_location: string | null;
  to_location: string | null;
  miles: number | null;
  amount_per_mile: number | null;
  /** `never`, `weekly`, `monthly` or `yearly`. */
  recurrence: Generated<string>;
  end_date: string | null;
  /** The series' first row's id; NULL for a one-off expense. */
  series_id: number | null;
  /** The day the series started: occurrences are counted from it (a rent on the 31st stays on month ends). */
  series_start: string | null;
  /** When the series falls due next; NULL for a one-off or an ended series. */
  next_recurrence_date: string | null;
  created_at: string;
  updated_at: string;
}

/** Expenses and mileage summed per owner and month (YYYY-MM), kept by triggers on `expenses` (migration 0018). */
export interface ExpenseMonthsTable {
  user_id: number;
  month: string;
  expenses: number;
  mileage: number;
}
