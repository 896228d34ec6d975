import type { BusinessDay } from './availability/availability.types';
import { minutesOfDay as minutes } from './dates';

export interface CalendarSettings {
  time_zone: string;
  slot_step: number;
  min_notice_minutes: number;
  week_starts_on: number;
  default_view: string;
}

/** A weekday's hours as the API shows them: `id` 1–7 is Monday–Sunday (spec §3: one entry per weekday, each with id). */
export interface BusinessTime extends Omit<BusinessDay, 'weekday'> {
  id: number;
  weekday: number;
}

/** Defaults by region: the deployment's zone, Monday to Friday 09:00–17:00. */
export function defaultCalendarSettings(region: string): CalendarSettings {
  return {
    time_zone: region === 'UA' ? 'Europe/Kyiv' : 'Europe/London',
    slot_step: 15,
    min_notice_minutes: 60,
    week_starts_on: 1,
    default_view: 'week',
  };
}

/** An owner's calendar settings: their own, or their region's defaults. Their `time_zone` decides their "today". */
export const calendarSettingsOf = (owner: { settings: Record<string, unknown>; region: string }): CalendarSettings =>
  (owner.settings.calendarSettings as CalendarSettings | undefined) ?? defaultCalendarSettings(owner.region);

export function defaultBusinessTimes(): BusinessTime[] {
  return Array.from({ length: 7 }, (_, i) => {
    const weekday = (i + 1) % 7; // id 1 = Monday … id 7 = Sunday
    return { id: i + 1, weekday, open: weekday >= 1 && weekday <= 5, start: '09:00', end: '17:00', breaks: [] };
  });
}

/** What a schema cannot say: the day ends after it starts, and breaks sit inside the day without overlapping. */
export function businessTimeProblems(day: Pick<BusinessTime, 'start' | 'end' | 'breaks'>): Array<'end' | 'breaks'> {
  const problems: Array<'end' | 'breaks'> = [];
  if (minutes(day.end) <= minutes(day.start)) problems.push('end');
  const breaks = [...(day.breaks ?? [])].sort((a, b) => minutes(a.start) - minutes(b.start));
  let last = minutes(day.start);
  for (const b of breaks) {
    if (minutes(b.start) < last || minutes(b.end) <= minutes(b.start) || minutes(b.end) > minutes(day.end)) {
      problems.push('breaks');
      break;
    }
    last = minutes(b.end);
  }
  return problems;
}
