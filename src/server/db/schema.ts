import type { Generated } from 'kysely';

/** Column types of every table, as the migrations create them. Booleans are 0/1 integers on both dialects. */
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
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}

export interface ClientsTable {
  id: Generated<number>;
  user_id: number;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  notes: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  post_code: string | null;
  billing_address: string | null;
  email_reminders: number;
  sms_reminders: number;
  marketing_messages: number;
  opt_out: number;
  archived_at: string | null;
  last_appointment_date: string | null;
  main_photo: string | null;
  created_at: string;
  updated_at: string;
}

export interface ClientLocationsTable {
  id: Generated<number>;
  client_id: number;
  position: number;
  title: string | null;
  address_1: string | null;
}

/** The catalogue tables hand-written code reads (generic CRUD needs no types). */
export interface ServicesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  colour: string;
  price: number;
  duration: number;
  archived_at: string | null;
  description: string | null;
  online_booking: number;
  deposit_amount: number | null;
  booking_question: string | null;
  at_client_place: Generated<number>;
  multipart: number;
  public_id: string | null;
}

export interface LocationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  address_1: string | null;
  city: string | null;
  post_code: string | null;
  archived_at: string | null;
}

export interface ServicePartsTable {
  id: Generated<number>;
  service_id: number;
  position: number;
  title: string | null;
  duration: number;
  blocked: number;
}

export interface ClassesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  colour: string;
  spaces: number;
  duration: number;
  archived_at: string | null;
  description: string | null;
  price: number;
  online_seat_limit: number | null;
  public_id: string | null;
}

export interface ClassSessionsTable {
  id: Generated<number>;
  class_id: number;
  position: number;
  date: string;
  start_time: string;
}

export interface ClassSessionClientsTable {
  id: Generated<number>;
  session_id: number;
  client_id: number;
  paid_amount: number;
  created_at: string;
  manage_token_hash: Generated<string | null>;
}

export interface AppointmentSeriesTable {
  id: Generated<number>;
  user_id: number;
  frequency: string;
  interval: number;
  start_date: string;
  end_date: string;
  created_at: string;
}

export interface AppointmentsTable {
  id: Generated<number>;
  user_id: number;
  series_id: number | null;
  type: string;
  service_id: number | null;
  title: string | null;
  date: string;
  start_time: string;
  end_time: string;
  duration: number;
  all_day: number;
  starts_at: string;
  ends_at: string;
  price: number;
  discounted_amount: number | null;
  location_type: string | null;
  location_id: number | null;
  address: string | null;
  zoom: number;
  notes: string | null;
  created_at: string;
  updated_at: string;
  source: Generated<string>;
  manage_token_hash: Generated<string | null>;
}

export interface AppointmentClientsTable {
  id: Generated<number>;
  appointment_id: number;
  client_id: number;
  status: string;
  position: number;
}

export interface AppointmentBlocksTable {
  id: Generated<number>;
  appointment_id: number;
  user_id: number;
  starts_at: string;
  ends_at: string;
}

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
  recipient_name: string | null;
  message: string | null;
  manage_token_hash: string | null;
  created_at: string;
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
}

export interface Database {
  gift_vouchers: GiftVouchersTable;
  packages: PackagesTable;
  package_services: PackageServicesTable;
  online_purchases: OnlinePurchasesTable;
  voucher_sales: VoucherSalesTable;
  package_sales: PackageSalesTable;
  booking_codes: BookingCodesTable;
  booking_sessions: BookingSessionsTable;
  slot_holds: SlotHoldsTable;
  payments: PaymentsTable;
  locations: LocationsTable;
  appointment_series: AppointmentSeriesTable;
  appointments: AppointmentsTable;
  appointment_clients: AppointmentClientsTable;
  appointment_blocks: AppointmentBlocksTable;
  services: ServicesTable;
  service_parts: ServicePartsTable;
  classes: ClassesTable;
  class_sessions: ClassSessionsTable;
  class_session_clients: ClassSessionClientsTable;
  users: UsersTable;
  sessions: SessionsTable;
  clients: ClientsTable;
  client_locations: ClientLocationsTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
}
