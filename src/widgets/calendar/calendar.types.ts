/** An appointment as GET /api/v1/appointments answers it. */
export interface Appointment {
  id: number;
  type: 'service' | 'private' | 'blocked';
  title: string | null;
  date: string;
  start_time: string;
  end_time: string;
  all_day: boolean;
  starts_at: string;
  ends_at: string;
  payment_status: string;
  left_to_pay?: number;
  service: { id: number; title: string; colour: string } | null;
  recurring: { series_id: number } | null;
  clients: Array<{ id: number; first_name: string; last_name: string | null; status: string }>;
}

export interface BusinessTime {
  weekday: number;
  open: boolean;
  start: string;
  end: string;
  breaks?: Array<{ start: string; end: string }>;
}

/** A class session as GET /api/v1/classes/sessions answers it. */
export interface ClassSession {
  id: number;
  class_id: number;
  title: string;
  colour: string;
  spaces: number;
  starts_at: string;
  ends_at: string;
}
