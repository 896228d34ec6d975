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
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  csrf_token: string;
  expires_at: string;
  created_at: string;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  clients: ClientsTable;
  client_locations: ClientLocationsTable;
}
