/** "HH:MM" on a 24-hour clock; "24:00" closes a day at midnight. */
export type ClockTime = string;

export interface BusinessDay {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  open: boolean;
  start: ClockTime;
  end: ClockTime;
  breaks?: Array<{ start: ClockTime; end: ClockTime }>;
}

export interface ServiceShape {
  /** In order; a free part leaves the owner available to others, a blocked one does not. Minutes. */
  parts: Array<{ duration: number; blocked: boolean }>;
}

/** A span of real time in UTC epoch milliseconds, start inclusive, end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

export interface AvailabilityInput {
  timeZone: string;
  /** Local dates, inclusive. */
  from: string;
  to: string;
  businessHours: BusinessDay[];
  /** When the owner is taken: blocked parts of appointments, blocked and private time, class sessions, holds. */
  busy: Interval[];
  service: ServiceShape;
  /** Minutes between candidate start times. */
  step: number;
  /** Now, and how long ahead a booking must be made. */
  now: number;
  minNoticeMinutes?: number;
}
