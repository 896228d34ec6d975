import type { ApiResponse } from '../../domain/generated/api';

/** An appointment as GET /api/v1/appointments answers it. */
export type Appointment = ApiResponse<'GET /api/v1/appointments'>['data'][number];

export interface BusinessTime {
  weekday: number;
  open: boolean;
  start: string;
  end: string;
  breaks?: Array<{ start: string; end: string }>;
}

/** A class session as GET /api/v1/classes/sessions answers it. */
export type ClassSession = ApiResponse<'GET /api/v1/classes/sessions'>['data'][number];
