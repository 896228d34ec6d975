import Box from '@mui/material/Box';
import type { Appointment } from './calendar.types';
import { appointmentTitle, clientNames, isCancelled, paymentText } from './calendar.utils';

type T = (k: string, o?: Record<string, unknown>) => string;

/** Chip colours per payment status: settled in green, owed in amber, nothing due in grey. */
const CHIP: Record<string, { bg: string; fg: string }> = {
  paid: { bg: '#e8f5e9', fg: '#1b5e20' },
  leftToPay: { bg: '#fff8e1', fg: '#7a4f01' },
  unpaid: { bg: '#fff8e1', fg: '#7a4f01' },
  free: { bg: '#eceff1', fg: '#37474f' },
};

/** The payment status as a small chip (Paid, Unpaid, Left to pay £20.00…), readable on any event colour. */
export function PaymentChip({
  appointment,
  t,
  money,
}: {
  appointment: Appointment;
  t: T;
  money(minor: number): string;
}) {
  const text = paymentText(appointment, t, money);
  if (!text) return null;
  const c = CHIP[appointment.payment_status] ?? CHIP.free;
  return (
    <Box
      component="span"
      data-payment={appointment.payment_status}
      sx={{
        display: 'inline-block',
        px: 0.75,
        borderRadius: 8,
        fontSize: '0.72rem',
        lineHeight: 1.6,
        fontWeight: 600,
        bgcolor: c.bg,
        color: c.fg,
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </Box>
  );
}

/** "Cancelled" in the place of the payment chip, for an appointment whose every client cancelled. */
function CancelledChip({ t }: { t: T }) {
  return (
    <Box
      component="span"
      data-cancelled="true"
      sx={{
        display: 'inline-block',
        px: 0.75,
        borderRadius: 8,
        fontSize: '0.72rem',
        lineHeight: 1.6,
        fontWeight: 600,
        bgcolor: '#fafafa',
        color: '#b71c1c',
        whiteSpace: 'nowrap',
      }}
    >
      {t('calendar.cancelled')}
    </Box>
  );
}

/** For screen readers only. */
const SR_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Text that stays on its one line, cut with an ellipsis. */
const ONE_LINE = { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } as const;

export interface EventCardProps {
  appointment?: Appointment;
  title: string;
  timeText: string;
  t: T;
  money(minor: number): string;
  /** A short event (15 minutes or so in the day and week views): one line, start time and name, never spilling out. */
  short?: boolean;
  /** Phones' month view: FullCalendar's coloured dot only (the words for screen readers); the day view shows the rest. */
  dot?: boolean;
}

/**
 * One appointment on the calendar: time, the client's name, what is booked and the payment chip; when every client
 * cancelled, "Cancelled" first and the rest struck through in grey. Class sessions and the like keep time and title.
 */
export function EventCard({ appointment, title, timeText, t, money, short, dot }: EventCardProps) {
  const cancelled = appointment ? isCancelled(appointment) : false;
  const label = [
    timeText,
    appointment ? [clientNames(appointment, t), appointmentTitle(appointment, t)].filter(Boolean).join(' · ') : title,
    cancelled ? t('calendar.cancelled') : '',
  ]
    .filter(Boolean)
    .join(' ');
  // FullCalendar draws the coloured dot itself (a timed event in the month grid is a list item): only the words here.
  if (dot)
    return (
      <Box component="span" data-event-dot="true" sx={SR_ONLY}>
        {label}
      </Box>
    );
  const strike = cancelled ? { textDecoration: 'line-through' } : {};
  if (short) {
    const start = timeText.split(/\s*[-–]\s*/)[0];
    const who = appointment ? clientNames(appointment, t) || appointmentTitle(appointment, t) : title;
    return (
      // The bar's own 2 px padding given back to the line: a 15-minute bar holds one line of small text.
      <Box
        title={label}
        data-short="true"
        sx={{
          ...ONE_LINE,
          fontSize: '0.72rem',
          lineHeight: '16px',
          my: '-2px',
          minWidth: 0,
          ...(cancelled ? { color: '#424242' } : {}),
        }}
      >
        <b>{start}</b>{' '}
        <Box component="span" sx={strike}>
          {who}
        </Box>
        {cancelled && <> · {t('calendar.cancelled')}</>}
      </Box>
    );
  }
  if (!appointment)
    return (
      <Box sx={{ overflow: 'hidden', fontSize: '0.8rem' }}>
        <b>{timeText}</b> {title}
      </Box>
    );
  const names = clientNames(appointment, t);
  const what = appointmentTitle(appointment, t);
  // Whatever the bar cannot hold is cut at its bottom edge, never spilt over the column or the next appointment.
  return (
    <Box
      sx={{
        flex: '1 1 auto',
        minHeight: 0,
        overflow: 'hidden',
        fontSize: '0.8rem',
        lineHeight: 1.3,
        ...(cancelled ? { color: '#424242' } : {}),
      }}
    >
      {cancelled && <CancelledChip t={t} />}
      <Box sx={strike}>
        <b>{timeText}</b> {names || what}
      </Box>
      {names && <Box sx={{ ...ONE_LINE, ...strike }}>{what}</Box>}
      {!cancelled && <PaymentChip appointment={appointment} t={t} money={money} />}
    </Box>
  );
}
