import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@soloist/renderer';
import FullCalendar, { type CalendarApi, type EventApi } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import enGbLocale from '@fullcalendar/react/locales/en-gb';
import ukLocale from '@fullcalendar/react/locales/uk';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatMoney, HttpError, useCall, useMutation, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { useWidgetHost } from '../host';
import type { Appointment, ClassSession } from './calendar.types';
import {
  businessHoursFor,
  calendarAt,
  calendarLocale,
  dayInWords,
  initialViewFor,
  outsideKept,
  type KeptDays,
  shownFrom,
  sessionEvents,
  toEvents,
  viewButtons,
  viewOn,
} from './calendar.utils';
import { calendarTexts } from './calendar.texts';
import { AppointmentDialog } from './AppointmentDialog';
import { EventCard } from './EventCard';

// FullCalendar's Ukrainian names the list view "Порядок денний" (agenda) and writes "далі" in lower case beside
// "Попередній": the plain words read better on the view buttons.
const FC_LOCALES = [enGbLocale, { ...ukLocale, listText: 'Список', nextText: 'Далі' }];
/** One clock for the whole app: 24-hour in both locales. */
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * The calendar (FullCalendar 7): day, week (three days on a phone), month and list views in the owner's zone,
 * business hours shaded, appointments in their service's colour. An empty slot opens the appointment form there; an
 * event opens its details (attendance per client, edit, delete); dragging moves it through PUT
 * /appointments/{id}/time and goes back, with the server's message, when refused.
 */
const CalendarWidget: ScreenWidget = () => {
  const { t, notify, confirm, locale, formContext, readOnly } = useRenderer();
  const write = useMutation();
  const { user } = useWidgetHost();
  const navigate = useNavigate();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  // `?date=&view=` open the calendar where the owner was (a checkout from it comes back there).
  const [query] = useSearchParams();
  const asked = useMemo(() => shownFrom(query), [query]);
  const shown = useRef<{ date: string; view: string } | null>(null);
  const calendar = useRef<CalendarApi | null>(null);
  const [open, setOpen] = useState<Appointment | null>(null);
  const days = range ? { query: { from: range.from, to: range.to } } : null;
  // Always fetched afresh when the calendar opens: appointments change from the form and other devices. Both are
  // the appointments' reads: a change to an appointment (here, in its form, at the till) reads them again.
  const { data } = useCall<{ data: Appointment[]; kept?: KeptDays }>('appointments.range', days, {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  const settings = user?.calendarSettings;
  const hours = user?.businessTimeSettings ?? [];
  // Class sessions join the calendar when the plan has classes (otherwise the server answers 403: none shown).
  const { data: sessions } = useCall<{ data: ClassSession[] }>('classes.sessions', days, {
    revalidateOnMount: true,
    shouldRetryOnError: false,
  });
  const events = useMemo(
    () => [...toEvents(data?.data ?? [], t), ...sessionEvents(sessions?.data ?? [])],
    [data, sessions, t],
  );
  const businessHours = useMemo(() => businessHoursFor(hours), [hours]);
  // Spec §9: below md (768 px) the calendar opens on a day (or the list) and keeps its view buttons below it.
  const phone = useMediaQuery('(max-width: 767.95px)', { noSsr: true });
  // A phone turned sideways past 768 px, or a window narrowed below it: the week and three days trade places.
  useEffect(() => {
    const api = calendar.current;
    const view = api?.view.type;
    if (api && view && viewOn(view, phone) !== view) api.changeView(viewOn(view, phone));
  }, [phone]);
  // The view shown, for the arrows' hints (set as FullCalendar shows a view).
  const [viewType, setViewType] = useState<string | undefined>();
  const texts = useMemo(() => calendarTexts(t, viewType), [t, viewType]);
  const currency = String(formContext.currency ?? 'GBP');
  const money = (minor: number) => formatMoney(minor, locale, currency);

  async function call(run: () => Promise<{ message?: string }>) {
    try {
      const res = await run();
      if (res?.message) notify(res.message, 'success');
      return true;
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('errors.server'), 'error');
      return false;
    }
  }

  /** Drag or resize: the appointment's new time, and back to where it was (with the server's message) if refused. */
  function reschedule(event: EventApi, revert: () => void, resized: boolean) {
    const id = (event.extendedProps as { appointment: Appointment }).appointment.id;
    const body: Record<string, unknown> = {
      date: event.startStr.slice(0, 10),
      start_time: event.startStr.slice(11, 16),
    };
    if (resized && event.start && event.end)
      body.duration = Math.round((event.end.getTime() - event.start.getTime()) / 60_000);
    void call(() => write.call('appointments.time', { params: { id }, body })).then((ok) => ok || revert());
  }

  async function remove(a: Appointment) {
    if (!(await confirm(t('confirm.delete')))) return;
    let scope: string | undefined;
    if (a.recurring) scope = (await confirm(t('calendar.deleteFuture'))) ? 'future' : 'this';
    if (await call(() => write.call('appointments.delete', { params: { id: a.id }, query: { scope } }))) setOpen(null);
  }

  // The dialog shows the appointment as last read: opened just after a drag, it moves to the new time once the
  // appointments are read again (until then, the event holds the record from before the drag).
  const shownAppointment = open && (data?.data.find((a) => a.id === open.id) ?? open);

  // Offline, a range never read online comes from the kept window (the service worker's): days outside it are empty.
  const kept = range && data?.kept && outsideKept(range, data.kept) ? data.kept : null;

  return (
    <Paper sx={{ p: { xs: 1, md: 2 } }} aria-label={t('screens.calendar.title')} data-tour="calendar">
      {kept && (
        <Alert severity="info" role="status" sx={{ mb: 1 }}>
          {t('calendar.keptDays', { from: dayInWords(kept.from, locale), to: dayInWords(kept.to, locale) })}
        </Alert>
      )}
      <FullCalendar
        plugins={[timeGridPlugin, dayGridPlugin, listPlugin, interactionPlugin, classicThemePlugin]}
        initialView={viewOn(asked.view ?? initialViewFor(settings?.default_view, phone), phone)}
        initialDate={asked.date}
        headerToolbar={
          phone
            ? { start: 'prev,next', center: 'title', end: 'today' }
            : { start: 'prev,next today', center: 'title', end: viewButtons(false) }
        }
        footerToolbar={phone ? { center: viewButtons(true) } : undefined}
        timeZone={settings?.time_zone ?? 'local'}
        locales={FC_LOCALES}
        locale={calendarLocale(locale)}
        eventTimeFormat={TIME_FORMAT}
        slotHeaderFormat={TIME_FORMAT}
        {...texts}
        buttons={{ timeGrid3Day: { text: t('calendar.threeDays') } }}
        // Three days: the phone's week. Phones' month view: columns are about 50 px, too narrow for words. Each day
        // shows coloured dots (up to three, then "+N"), and a tap on the day, a dot or "+N" opens that day.
        views={{
          timeGrid3Day: {
            type: 'timeGrid',
            duration: { days: 3 },
          },
          ...(phone
            ? { dayGridMonth: { dayMaxEvents: 3, moreLinkClick: 'timeGridDay', moreLinkText: (n: number) => `+${n}` } }
            : {}),
        }}
        eventContent={(arg) => (
          <EventCard
            appointment={(arg.event.extendedProps as { appointment?: Appointment }).appointment}
            title={arg.event.title}
            timeText={arg.timeText}
            t={t}
            money={money}
            short={arg.isShort && arg.view.type.startsWith('timeGrid')}
            dot={phone && arg.view.type === 'dayGridMonth'}
          />
        )}
        firstDay={settings?.week_starts_on ?? 1}
        height="auto"
        slotMinTime="06:00:00"
        slotMaxTime="22:00:00"
        // Half-hour rows 36 px high: a 15-minute appointment gets 18 px, room for its one line (time and name).
        slotMinHeight={36}
        nowIndicator
        // Offline (read-only): nothing is dragged or resized, as nothing could be saved.
        editable={!readOnly}
        businessHours={businessHours}
        events={events}
        datesSet={(info) => {
          calendar.current = info.view.calendar;
          setViewType(info.view.type);
          shown.current = { date: info.view.calendar.formatIso(info.view.currentStart, true), view: info.view.type };
          setRange({ from: info.startStr.slice(0, 10), to: info.endStr.slice(0, 10) });
        }}
        dateClick={(info) =>
          phone && info.view.type === 'dayGridMonth'
            ? info.view.calendar.changeView('timeGridDay', info.dateStr)
            : navigate(
                `/appointments/calendar/form?date=${info.dateStr.slice(0, 10)}&start_time=${info.allDay ? '09:00' : info.dateStr.slice(11, 16)}`,
              )
        }
        eventClick={(info) => {
          if (phone && info.view.type === 'dayGridMonth')
            return info.view.calendar.changeView('timeGridDay', info.event.startStr.slice(0, 10));
          const props = info.event.extendedProps as { appointment?: Appointment; classId?: number };
          if (props.classId) navigate(`/appointments/classes/${props.classId}`);
          else if (props.appointment) setOpen(props.appointment);
        }}
        eventDrop={(info) => reschedule(info.event, info.revert, false)}
        eventResize={(info) => reschedule(info.event, info.revert, true)}
      />
      <AppointmentDialog
        appointment={shownAppointment}
        onClose={() => setOpen(null)}
        onChange={setOpen}
        call={call}
        onDelete={(a) => void remove(a)}
        back={() => (shown.current ? calendarAt(shown.current.date, shown.current.view) : undefined)}
      />
    </Paper>
  );
};

export default CalendarWidget;
