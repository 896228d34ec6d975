import Box from '@mui/material/Box';
import type { Appointment } from './calendar.types';
import { appointmentTitle, clientNames, isCancelled, paymentText } from './calendar.utils';

type T = (k: string, o?: Record<string, unknown>) => string;

/** Text that stays on its one line, cut with an ellipsis. */
const ONE_LINE = { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } as const;

/** Chip colours per payment status: settled in green, owed in amber, nothing due in grey. */
const CHIP: Record<string, { bg: string; fg: string }> = {
  paid: { bg: '#e8f5e9', fg: '#1b5e20' },
  leftToPay: { bg: '#fff8e1', fg: '#7a4f01' },
  unpaid: { bg: '#fff8e1', fg: '#7a4f01' },
  free: { bg: '#eceff1', fg: '#37474f' },
};

/**
 * The payment status as a small chip (Paid, Unpaid, Left to pay £20.00…), readable on any event colour. On a narrow
 * bar the words are cut with an ellipsis, never the amount: it keeps its whole width.
 */
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
  const amount = money(appointment.left_to_pay ?? 0);
  const at = appointment.payment_status === 'leftToPay' ? text.indexOf(amount) : -1;
  const [before, after] = at < 0 ? [text, ''] : [text.slice(0, at).trimEnd(), text.slice(at + amount.length)];
  return (
    <Box
      component="span"
      data-payment={appointment.payment_status}
      title={text}
      sx={{
        display: 'inline-flex',
        columnGap: '0.25em',
        maxWidth: '100%',
        minWidth: 0,
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
      {before && (
        <Box component="span" sx={{ ...ONE_LINE, minWidth: 0 }}>
          {before}
        </Box>
      )}
      {at >= 0 && (
        <Box component="span" data-chip-amount sx={{ flexShrink: 0 }}>
          {amount}
          {after}
        </Box>
      )}
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
      <Box sx={{ ...ONE_LINE, ...strike }}>
        <b>{timeText}</b> {names || what}
      </Box>
      {/* What is booked and the payment chip share the second line, so a 45-minute bar still shows the chip. */}
      {/* The chip moves under it when both do not fit: what is booked is never squeezed away. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, minWidth: 0 }}>
        {names && <Box sx={{ ...ONE_LINE, ...strike, minWidth: 0, maxWidth: '100%' }}>{what}</Box>}
        {!cancelled && <PaymentChip appointment={appointment} t={t} money={money} />}
      </Box>
    </Box>
  );
}
