import type { Generated } from 'kysely';

// Appointments: series, occurrences, their clients and the blocked spans that keep them apart.

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
  /** The Zoom meeting made for it (migration 0029). */
  zoom_meeting_id: Generated<string | null>;
  zoom_join_url: Generated<string | null>;
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

/** Visits (a client on a service appointment) per owner and day, by status, kept by triggers (migration 0034). */
export interface VisitDaysTable {
  user_id: number;
  date: string;
  attended: number;
  no_show: number;
  cancelled: number;
  pending: number;
}

/** Visits not cancelled per owner, month (YYYY-MM) and starting hour, kept by triggers (migration 0031). */
export interface VisitHoursTable {
  user_id: number;
  month: string;
  hour: number;
  visits: number;
}

/** Visits not cancelled per owner, client and month (YYYY-MM), kept by triggers (migration 0031). */
export interface ClientMonthsTable {
  user_id: number;
  client_id: number;
  month: string;
  visits: number;
}
