import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import MuiLink from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney, useMutation, useNavigate, useRenderer } from '@soloist/renderer';
import type { Appointment } from './calendar.types';
import { appointmentHeading, checkoutPath } from './calendar.utils';
import { PaymentChip } from './EventCard';

const ATTENDANCE = ['pending', 'attended', 'cancelled', 'noShow'] as const;

export interface AppointmentDialogProps {
  /** The appointment shown; none: the dialog is closed. */
  appointment: Appointment | null;
  onClose(): void;
  /** The appointment as the server answers after a change of attendance. */
  onChange(appointment: Appointment): void;
  /** Runs a change, tells its message or refusal, and reads the calendar again: whether it went through. */
  call(run: () => Promise<{ message?: string }>): Promise<boolean>;
  onDelete(appointment: Appointment): void;
  /** Where a checkout from here comes back to (the calendar at its date and view). */
  back(): string | undefined;
}

/**
 * An appointment's details from the calendar: who and what in its title, when, the payment, the Zoom link,
 * attendance per client, and delete, edit and checkout.
 */
export function AppointmentDialog({
  appointment: open,
  onClose,
  onChange,
  call,
  onDelete,
  back,
}: AppointmentDialogProps) {
  const { t, locale, formContext, can, readOnly } = useRenderer();
  const write = useMutation();
  const navigate = useNavigate();
  const money = (minor: number) => formatMoney(minor, locale, String(formContext.currency ?? 'GBP'));
  const day = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  return (
    <Dialog open={open !== null} onClose={onClose} aria-labelledby="appointment-title" fullWidth maxWidth="xs">
      {open && (
        <>
          <DialogTitle id="appointment-title">{appointmentHeading(open, t)}</DialogTitle>
          <DialogContent>
            <Typography gutterBottom>
              {open.all_day
                ? t('calendar.allDayOn', { date: day(open.date) })
                : t('calendar.when', { date: day(open.date), start: open.start_time, end: open.end_time })}
            </Typography>
            {open.type === 'service' && (
              <Typography component="div" color="text.secondary" gutterBottom>
                {t('calendar.paymentLabel')}: <PaymentChip appointment={open} t={t} money={money} />
              </Typography>
            )}
            {open.zoom_join_url && (
              <Typography gutterBottom>
                <MuiLink href={open.zoom_join_url} target="_blank" rel="noopener noreferrer">
                  {t('calendar.zoomJoin')}
                </MuiLink>
              </Typography>
            )}
            {open.clients.map((c) => (
              <TextField
                key={c.id}
                select
                fullWidth
                size="small"
                margin="dense"
                label={t('calendar.attendanceOf', { name: `${c.first_name} ${c.last_name ?? ''}`.trim() })}
                value={c.status}
                disabled={readOnly}
                onChange={(e) =>
                  void call(() =>
                    write
                      .call<{ data: Appointment; message?: string }>('appointments.status', {
                        params: { id: open.id },
                        body: { status: e.target.value, client_id: c.id },
                      })
                      .then((res) => {
                        onChange(res.data);
                        return res;
                      }),
                  )
                }
              >
                {ATTENDANCE.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`calendar.attendance.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </DialogContent>
          {/* Four actions wrap on a phone rather than spill over the dialog's edge. */}
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
            <Button color="error" disabled={readOnly} onClick={() => onDelete(open)}>
              {t('actions.delete')}
            </Button>
            <Button disabled={readOnly} onClick={() => navigate(`/appointments/calendar/form/${open.id}`)}>
              {t('actions.edit')}
            </Button>
            {can('create', 'Income') && checkoutPath(open) && (
              <Button variant="outlined" disabled={readOnly} onClick={() => navigate(checkoutPath(open, back())!)}>
                {t('calendar.checkout')}
              </Button>
            )}
            <Button variant="contained" onClick={onClose}>
              {t('toast.dismiss')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
