import type { CallAnswer } from '../../domain/calls';

/** An appointment as GET /api/v1/appointments answers it. */
export type Appointment = CallAnswer<'appointments.range'>['data'][number];

export interface BusinessTime {
  weekday: number;
  open: boolean;
  start: string;
  end: string;
  breaks?: Array<{ start: string; end: string }>;
}

/** A class session as GET /api/v1/classes/sessions answers it. */
export type ClassSession = CallAnswer<'classes.sessions'>['data'][number];
