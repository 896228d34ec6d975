import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { formatMoney, HttpError, useMutation, useNavigate, useRenderer } from '@soloist/renderer';
import { ClientPicker } from '../checkout/parts';
import { clientName, type ClientRef } from '../money/shared';
import { ATTENDANCE, TONES, type Attendee, type Session } from './types';

const OWED = new Set(['unpaid', 'leftToPay']);

/**
 * A session's attendees: each with their attendance, what their seat has left to pay (and the till to take it), and a
 * way off the session; below them a client picker that seats one more while spaces are left. `back` is this page,
 * where the till returns.
 */
export function Attendees({
  classId,
  session,
  spaces,
  back,
  writable,
}: {
  classId: number;
  session: Session;
  spaces: number;
  back: string;
  writable: boolean;
}) {
  const { t, notify, confirm, locale, formContext, readOnly } = useRenderer();
  const write = useMutation();
  const navigate = useNavigate();
  const [client, setClient] = useState<ClientRef | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Offline the controls stay, disabled (`busy` covers both).
  const idle = !busy && !readOnly;
  /** The client picker shows once asked for: a session's card stays short until then. */
  const [picking, setPicking] = useState(false);
  const money = (minor: number) => formatMoney(minor, locale, String(formContext.currency ?? 'GBP'));
  const full = session.clients.length >= spaces;
  const params = (a?: Attendee) => ({ id: classId, session: session.id, ...(a ? { client: a.id } : {}) });

  async function run(work: () => Promise<{ message?: string }>) {
    setBusy(true);
    try {
      const res = await work();
      if (res.message) notify(res.message, 'success');
      return true;
    } catch (err) {
      const field = err instanceof HttpError ? err.errors?.client_id?.[0] : undefined;
      if (field) setError(field);
      else notify(err instanceof HttpError ? err.message : t('errors.server'), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add() {
    if (!client) return setError(t('classSessions.clientRequired'));
    setError(undefined);
    const body = { client_id: client.id };
    if (await run(() => write.call('classes.seat-add', { params: params(), body }))) {
      setClient(null);
      setPicking(false);
    }
  }

  async function remove(a: Attendee) {
    if (!(await confirm(t('classSessions.confirmRemove', { name: clientName(a) })))) return;
    await run(() => write.call('classes.seat-remove', { params: params(a) }));
  }

  const attendance = (a: Attendee, value: string) =>
    run(() => write.call('classes.attendance', { params: params(a), body: { attendance: value } }));

  const checkout = (a: Attendee) =>
    navigate(
      `/financials/income/checkout?client_id=${a.id}&class_seat_id=${a.seat_id}&back=${encodeURIComponent(back)}`,
    );

  return (
    <Box>
      {session.clients.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('screens.classes.noAttendees')}
        </Typography>
      ) : (
        // On a desk the rows share their columns (subgrid): names, attendance, payment and the buttons line up.
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 150px auto auto auto' },
          }}
        >
          {session.clients.map((a) => (
            <Box
              component="li"
              key={a.seat_id}
              data-testid="attendee"
              sx={{
                display: 'grid',
                alignItems: 'center',
                columnGap: 1,
                rowGap: 0.5,
                gridColumn: '1 / -1',
                gridTemplateColumns: { xs: 'minmax(0, 1fr) auto auto', sm: 'subgrid' },
              }}
            >
              <Typography sx={{ overflowWrap: 'anywhere', gridColumn: { xs: '1 / 3', sm: 'auto' } }}>
                {clientName(a)}
              </Typography>
              <TextField
                select
                size="small"
                value={a.attendance}
                disabled={!writable || !idle}
                onChange={(e) => void attendance(a, e.target.value)}
                sx={{ gridRow: { xs: 2, sm: 'auto' }, gridColumn: { xs: 1, sm: 'auto' } }}
                slotProps={{ htmlInput: { 'aria-label': t('calendar.attendanceOf', { name: clientName(a) }) } }}
              >
                {ATTENDANCE.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`calendar.attendance.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Chip
                size="small"
                sx={{
                  ...(OWED.has(a.status) ? TONES.owed : a.status.startsWith('paid') ? TONES.settled : TONES.plain),
                  justifySelf: 'start',
                  gridRow: { xs: 2, sm: 'auto' },
                  gridColumn: { xs: 2, sm: 'auto' },
                }}
                label={t(`calendar.payment.${a.status}`, { amount: money(a.left_to_pay) })}
              />
              <Box sx={{ gridRow: { xs: 2, sm: 'auto' }, gridColumn: { xs: 3, sm: 'auto' }, justifySelf: 'end' }}>
                {OWED.has(a.status) && writable && (
                  <Tooltip title={t('classSessions.takePayment')}>
                    <IconButton
                      aria-label={t('classSessions.takePaymentFrom', { name: clientName(a) })}
                      disabled={readOnly}
                      onClick={() => checkout(a)}
                    >
                      <PaymentsIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </Box>
              {writable ? (
                <IconButton
                  aria-label={t('classSessions.remove', { name: clientName(a) })}
                  onClick={() => void remove(a)}
                  disabled={!idle}
                  sx={{ gridRow: { xs: 1, sm: 'auto' }, gridColumn: { xs: 3, sm: 'auto' } }}
                >
                  <PersonRemoveIcon />
                </IconButton>
              ) : (
                <span />
              )}
            </Box>
          ))}
        </Box>
      )}
      {writable && !full && !picking && (
        <Button
          size="small"
          startIcon={<PersonAddIcon />}
          disabled={readOnly}
          onClick={() => setPicking(true)}
          sx={{ mt: 1 }}
        >
          {t('classSessions.addAttendee')}
        </Button>
      )}
      {writable && !full && picking && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
          sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <ClientPicker
              value={client}
              onChange={setClient}
              error={error}
              label={t('classSessions.addAttendee')}
              required={false}
              autoFocus
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained" disabled={!idle}>
              {t('actions.add')}
            </Button>
            <Button onClick={() => (setPicking(false), setError(undefined), setClient(null))}>
              {t('actions.cancel')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
