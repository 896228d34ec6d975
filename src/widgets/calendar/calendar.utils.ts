import type { Appointment, BusinessTime, ClassSession } from './calendar.types';

const BLOCKED_COLOUR = '#616161';
const PRIVATE_COLOUR = '#455a64';

type T = (k: string, o?: Record<string, unknown>) => string;

/** Who the appointment is with: "Amelia Stone", "Amelia Stone +2"; empty for private and blocked time. */
export function clientNames(a: Pick<Appointment, 'clients'>, t: T): string {
  const [first, ...rest] = a.clients ?? [];
  if (!first) return '';
  const name = `${first.first_name} ${first.last_name ?? ''}`.trim();
  return rest.length ? t('calendar.andMore', { name, count: rest.length }) : name;
}

/** What the appointment is: its service, its own title, or its kind ("Private time"). */
export function appointmentTitle(a: Pick<Appointment, 'service' | 'title' | 'type'>, t: T): string {
  return a.service?.title ?? a.title ?? t(`calendar.types.${a.type}`);
}

/**
 * Who and what, the client's name first (it is who the owner looks for): "Amelia Stone · Cut and colour"; private
 * and blocked time by their title or kind only. An event's title and its dialog's.
 */
export function appointmentHeading(a: Pick<Appointment, 'clients' | 'service' | 'title' | 'type'>, t: T): string {
  return [clientNames(a, t), appointmentTitle(a, t)].filter(Boolean).join(' · ');
}

/**
 * The payment chip's words (spec §4 payment statuses): "Paid", "Unpaid", "Free", "Left to pay £20.00"; none for
 * private and blocked time, which nobody pays for.
 */
export function paymentText(
  a: Pick<Appointment, 'type' | 'payment_status' | 'left_to_pay'>,
  t: T,
  money: (minor: number) => string,
): string | null {
  if (a.type !== 'service' || !a.payment_status) return null;
  return t(`calendar.payment.${a.payment_status}`, { amount: money(a.left_to_pay ?? 0) });
}

/** The calendar's views, as FullCalendar names them (`timeGrid3Day`: three days, the phone's week). */
export const CALENDAR_VIEWS = ['timeGridDay', 'timeGrid3Day', 'timeGridWeek', 'dayGridMonth', 'listWeek'] as const;

/**
 * The view buttons: at the desk the day, week, month and list; on a phone (below 768 px) a week's seven columns are
 * too narrow to read (30 px events), so the day, three days, the list and the month (as coloured dots).
 */
export function viewButtons(phone: boolean): string {
  return phone ? 'timeGridDay,timeGrid3Day,listWeek,dayGridMonth' : 'timeGridDay,timeGridWeek,dayGridMonth,listWeek';
}

/** A view as this screen shows it: the week becomes three days on a phone, and three days the week at the desk. */
export function viewOn(view: string, phone: boolean): string {
  if (phone && view === 'timeGridWeek') return 'timeGrid3Day';
  if (!phone && view === 'timeGrid3Day') return 'timeGridWeek';
  return view;
}

/** The calendar at a date and view (`?date=2026-11-23&view=timeGridWeek`): where a checkout from it comes back. */
export function calendarAt(date: string, view: string): string {
  return `/appointments/calendar/events?${new URLSearchParams({ date, view }).toString()}`;
}

/** The date and view the address asks the calendar to open on, each only when it is one the calendar knows. */
export function shownFrom(query: URLSearchParams): { date?: string; view?: string } {
  const date = query.get('date') ?? '';
  const view = query.get('view') ?? '';
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? date : undefined,
    view: (CALENDAR_VIEWS as readonly string[]).includes(view) ? view : undefined,
  };
}

/**
 * The checkout for an appointment with something left to pay, its first client and the appointment chosen, coming
 * back to the calendar (at `back`, its date and view); null when nothing is owed (paid, free, by package or voucher,
 * or no client).
 */
export function checkoutPath(
  a: Pick<Appointment, 'id' | 'type' | 'payment_status' | 'clients'>,
  back = '/appointments/calendar/events',
): string | null {
  if (a.type !== 'service' || !['unpaid', 'leftToPay'].includes(a.payment_status ?? '') || !a.clients[0]) return null;
  const q = new URLSearchParams({
    client_id: String(a.clients[0].id),
    appointment_id: String(a.id),
    back,
  });
  return `/financials/income/checkout?${q.toString()}`;
}

/** FullCalendar's own locale code for the app's Intl locale (its texts: Today, Day, Week, Month, List, All-day). */
export function calendarLocale(locale: string): 'uk' | 'en-gb' {
  return locale.toLowerCase().startsWith('uk') ? 'uk' : 'en-gb';
}

/** Phones (below 768 px, spec §9's md) open on one day, or the list when the owner prefers it; wider screens on the owner's view. */
export function initialViewFor(defaultView: string | undefined, phone: boolean): string {
  if (phone) return defaultView === 'list' ? 'listWeek' : 'timeGridDay';
  return defaultView === 'month'
    ? 'dayGridMonth'
    : defaultView === 'day'
      ? 'timeGridDay'
      : defaultView === 'list'
        ? 'listWeek'
        : 'timeGridWeek';
}

/** Light grey for an appointment nobody is coming to: it no longer holds the time. */
const CANCELLED_COLOUR = '#e0e0e0';

/** A service appointment whose every client cancelled (e.g. from an online booking's manage page): the time is free. */
export function isCancelled(a: Pick<Appointment, 'type' | 'clients'>): boolean {
  return a.type === 'service' && (a.clients ?? []).length > 0 && a.clients.every((c) => c.status === 'cancelled');
}

/**
 * Appointments → FullCalendar events, in their service's colour (grey for blocked and private time); cancelled ones
 * faded to light grey, and no longer dragged about.
 */
export function toEvents(appointments: Appointment[], t: T) {
  return appointments.map((a) => ({
    id: String(a.id),
    title: appointmentHeading(a, t),
    start: a.starts_at,
    end: a.ends_at,
    allDay: a.all_day,
    // FullCalendar 7 takes one `color` (and works out the text colour itself).
    color: isCancelled(a)
      ? CANCELLED_COLOUR
      : (a.service?.colour ?? (a.type === 'blocked' ? BLOCKED_COLOUR : PRIVATE_COLOUR)),
    // Resizing changes private and blocked time; a service appointment lasts as long as its service.
    durationEditable: a.type !== 'service' && !a.all_day,
    ...(isCancelled(a) ? { editable: false } : {}),
    extendedProps: { appointment: a },
  }));
}

/** Business hours (with breaks cut out) in FullCalendar's shape, for shading. */
export function businessHoursFor(days: BusinessTime[]) {
  return days
    .filter((d) => d.open)
    .flatMap((d) => {
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

/** The days the offline window holds (the service worker's answer for a range never read online). */
export interface KeptDays {
  from: string;
  to: string;
}

/** Whether the shown range (`to` the day after the last shown, as FullCalendar gives it) has days the window lacks. */
export function outsideKept(range: { from: string; to: string }, kept: KeptDays): boolean {
  const dayAfterKept = new Date(Date.parse(`${kept.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return range.from < kept.from || range.to > dayAfterKept;
}

/** "29 November 2026": a day in words, in the reader's language (with its year: the window crosses New Year). */
export function dayInWords(day: string, locale: string): string {
  const words = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  return new Intl.DateTimeFormat(calendarLocale(locale), words).format(Date.parse(`${day}T12:00:00Z`));
}
