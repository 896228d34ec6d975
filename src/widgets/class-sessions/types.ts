/** An attendee of a class session, as GET /classes/{id}/sessions gives it. */
export interface Attendee {
  seat_id: number;
  id: number;
  first_name: string;
  last_name: string | null;
  attendance: 'pending' | 'attended' | 'cancelled' | 'noShow';
  status: string;
  left_to_pay: number;
}

/** A class session with its attendees. */
export interface Session {
  id: number;
  date: string;
  start_time: string;
  series_id: number | null;
  repeats_until: string | null;
  clients: Attendee[];
}

/** What the section needs of the class its page shows. */
export interface ClassShown {
  id: number;
  title: string;
  spaces: number;
  online_seat_limit: number | null;
  archived: boolean;
}

/** Chip colours readable at the chip's small size (as the calendar's payment chips): owed, settled, anything else. */
export const TONES = {
  owed: { bgcolor: '#fff8e1', color: '#7a4f01' },
  settled: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  plain: { bgcolor: '#eceff1', color: '#37474f' },
} as const;

export const ATTENDANCE = ['pending', 'attended', 'cancelled', 'noShow'] as const;

/** A day in words in the app's language ("Wednesday, 10 March 2027"). */
export function dayInWords(day: string, locale: string, weekday = true): string {
  const words = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  return new Intl.DateTimeFormat(
    locale === 'uk' ? 'uk-UA' : 'en-GB',
    weekday ? { ...words, weekday: 'long' } : words,
  ).format(Date.parse(`${day}T12:00:00Z`));
}
