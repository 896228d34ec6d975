import type { Generated } from 'kysely';

// The money ledger's checkouts (migration 0011); the ledger rows themselves are `payments`.

export interface CheckoutsTable {
  id: Generated<number>;
  user_id: number;
  client_id: number | null;
  discount_kind: string | null;
  discount_value: number | null;
  /** The owner's saved discount it took, if any (migration 0049). */
  discount_id: Generated<number | null>;
  owed: number;
  discount: Generated<number>;
  paid: number;
  currency: string;
  date: string;
  created_at: string;
}

export interface CheckoutItemsTable {
  id: Generated<number>;
  user_id: number;
  checkout_id: number;
  appointment_id: number | null;
  /** Or the class seat it settled (migration 0015). */
  class_seat_id: Generated<number | null>;
  owed: number;
  discount: number;
}

/** The ledger summed per owner, day and method, kept by triggers on `payments` (migration 0013). */
export interface PaymentDaysTable {
  user_id: number;
  date: string;
  method: string;
  income: number;
  paid: number;
  refunded: number;
  count: number;
}

/** The ledger summed per owner, month (YYYY-MM) and method, kept by triggers on `payments` (migration 0014). */
export interface PaymentMonthsTable {
  user_id: number;
  month: string;
  method: string;
  income: number;
  paid: number;
  refunded: number;
  count: number;
}

/** The ledger's rows that pay an appointment, per owner, day and service (0: none), kept by triggers (migration 0032). */
export interface ServiceIncomeTable {
  user_id: number;
  date: string;
  service_id: number;
  amount: number;
}
