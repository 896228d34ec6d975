import type { Generated } from 'kysely';

// Clients and the catalogue hand-written code reads (generic CRUD needs no types).

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
  zoom: number;
}

export interface ClassSessionsTable {
  id: Generated<number>;
  class_id: number;
  position: number;
  date: string;
  start_time: string;
  /** The Zoom meeting made for it when its class has Zoom (migration 0029). */
  zoom_meeting_id: Generated<string | null>;
  zoom_join_url: Generated<string | null>;
  /** The weekly pattern it came from, if any (migration 0051). */
  series_id: Generated<number | null>;
}

/** A weekly pattern a class's sessions follow, from its first day to its end date (migration 0051). */
export interface ClassSessionSeriesTable {
  id: Generated<number>;
  class_id: number;
  start_date: string;
  end_date: string;
  created_at: string;
}

export interface ClassSessionClientsTable {
  id: Generated<number>;
  session_id: number;
  client_id: number;
  paid_amount: number;
  created_at: string;
  manage_token_hash: Generated<string | null>;
  /** pending, attended, cancelled or noShow, as an appointment's clients (migration 0051). */
  attendance: Generated<string>;
}
