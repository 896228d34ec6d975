import type { Appointment, BusinessTime, ClassSession } from './calendar.types';

const BLOCKED_COLOUR = '#616161';
const PRIVATE_COLOUR = '#455a64';

/** Appointments → FullCalendar events, in their service's colour (grey for blocked and private time). */
export function toEvents(appointments: Appointment[], t: (k: string) => string) {
  return appointments.map((a) => ({
    id: String(a.id),
    title: a.service?.title ?? a.title ?? t(`calendar.types.${a.type}`),
    start: a.starts_at,
    end: a.ends_at,
    allDay: a.all_day,
    // FullCalendar 7 takes one `color` (and works out the text colour itself).
    color: a.service?.colour ?? (a.type === 'blocked' ? BLOCKED_COLOUR : PRIVATE_COLOUR),
    // Resizing changes private and blocked time; a service appointment lasts as long as its service.
    durationEditable: a.type !== 'service' && !a.all_day,
    extendedProps: { appointment: a },
  }));
}

/** Business hours (with breaks cut out) in FullCalendar's shape, for shading. */
export function businessHoursFor(days: BusinessTime[]) {
  return days.filter((d) => d.open).flatMap((d) => {
    const spans: Array<[string, string]> = [];
    let from = d.start;
    for (const b of [...(d.breaks ?? [])].sort((x, y) => x.start.localeCompare(y.start))) {
      if (b.start > from) spans.push([from, b.start]);
      from = b.end > from ? b.end : from;
    }
    if (d.end > from) spans.push([from, d.end]);
    return spans.map(([startTime, endTime]) => ({ daysOfWeek: [d.weekday], startTime, endTime }));
  });
}

/** Class sessions as read-only events in their class's colour; a click opens the class. */
export function sessionEvents(sessions: ClassSession[]) {
  return sessions.map((s) => ({
    id: `session-${s.id}`,
    title: s.title,
    start: s.starts_at,
    end: s.ends_at,
    editable: false,
    color: s.colour,
    extendedProps: { classId: s.class_id },
  }));
}
