import type { Generated } from 'kysely';

// Online booking: codes, sessions, holds, payments and the sales of vouchers and packages.

export interface BookingCodesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  channel: string;
  destination: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface BookingSessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  channel: string;
  destination: string;
  client_id: number | null;
  expires_at: string;
  created_at: string;
}

export interface SlotHoldsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  booking_session_id: number;
  service_id: number | null;
  class_session_id: Generated<number | null>;
  date: string;
  start_time: string;
  starts_at: string;
  ends_at: string;
  blocks: string;
  expires_at: string;
  status: Generated<string>;
  deposit: Generated<number>;
  details: string | null;
  payment_ref: string | null;
  appointment_id: number | null;
  created_at: string;
}

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  appointment_id: number | null;
  client_id: number | null;
  type: string;
  method: string;
  provider: string | null;
  provider_ref: string | null;
  amount: number;
  currency: string;
  date: string;
  created_at: string;
  /** The checkout the row was written with (migration 0011: the ledger). */
  checkout_id: number | null;
  /** On a refund (negative amount): the payment it reverses. */
  refund_of: number | null;
  reason: string | null;
  /** The sale the row pays (migration 0012). */
  sale_id: Generated<number | null>;
  /** A gift voucher redeemed: the voucher sale whose amount it takes. */
  voucher_sale_id: Generated<number | null>;
  /** A package session used: the package sale, and the service it was used for. */
  package_sale_id: Generated<number | null>;
  service_id: Generated<number | null>;
  /** The class seat (a `class_session_clients` row) the row pays (migration 0015). */
  class_seat_id: Generated<number | null>;
  /** Or the invoice it pays (migration 0017). */
  invoice_id: Generated<number | null>;
}

export interface GiftVouchersTable {
  id: Generated<number>;
  user_id: number;
  public_id: string | null;
  title: string;
  description: string | null;
  template: string;
  colour: string;
  amount: number;
  expires_on: string | null;
  /** `ongoing`, `one_time` or `fixed_period` (from `starts_on` to `expires_on`; migration 0050). */
  period_type: Generated<string>;
  starts_on: Generated<string | null>;
  sales_limit: number | null;
  sold_count: number;
  online_sale: number;
  client_notes: number;
  archived_at: string | null;
}

export interface PackagesTable {
  id: Generated<number>;
  user_id: number;
  public_id: string | null;
  title: string;
  description: string | null;
  price: number;
  expiry_days: number | null;
  archived_at: string | null;
}

export interface PackageServicesTable {
  id: Generated<number>;
  package_id: number;
  service_id: number;
  quantity: number;
  position: number;
}

export interface OnlinePurchasesTable {
  id: Generated<number>;
  user_id: number;
  booking_session_id: number;
  kind: string;
  gift_voucher_id: number | null;
  package_id: number | null;
  amount: number;
  status: Generated<string>;
  payment_ref: string | null;
  details: string | null;
  sale_id: number | null;
  expires_at: string;
  created_at: string;
}

export interface VoucherSalesTable {
  id: Generated<number>;
  user_id: number;
  gift_voucher_id: number;
  client_id: number | null;
  code: string;
  amount: number;
  amount_left: number;
  expires_on: string | null;
  /** Its voucher's period type and first day when it was sold (migration 0050). */
  period_type: Generated<string>;
  starts_on: Generated<string | null>;
  recipient_name: string | null;
  message: string | null;
  manage_token_hash: string | null;
  created_at: string;
  /** The sale item that sold it (migration 0012). */
  sale_item_id: Generated<number | null>;
}

export interface PackageSalesTable {
  id: Generated<number>;
  user_id: number;
  package_id: number;
  client_id: number | null;
  price: number;
  expires_on: string | null;
  manage_token_hash: string | null;
  created_at: string;
  sale_item_id: Generated<number | null>;
}

/** A number per owner the database raises when what their bookable times are made of changes (migration 0038). */
export interface AvailabilityVersionsTable {
  user_id: number;
  version: number;
}

/** A number per owner the database raises when what the dashboard, analytics or net income sum changes (0039). */
export interface FigureVersionsTable {
  user_id: number;
  version: number;
}
