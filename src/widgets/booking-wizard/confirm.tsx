import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRenderer, type ScreenWidget } from '../../../renderer';
import { manageKey, pagePath, useDay, useMoney, usePage, type ApiResponse, type Hold } from './api';
import { Loading, need, problemOf, Summary, when } from './shared';

/** Step 6: confirm; with a deposit, on to the payment provider's page. */
export const ConfirmStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, rest, locale } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  const held = w.data.held as Hold | undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!page || !held) return <Loading />;
  const until = new Date(held.expires_at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });

  async function confirm() {
    setPending(true);
    setProblem(null);
    try {
      const res = await rest.send<ApiResponse<'POST /api/v1/online-booking/:slug/bookings'>>(
        'POST',
        `${pagePath(w.params.slug)}/bookings`,
        { hold: w.data.hold, ...(w.data.details as object) },
      );
      if (res.data.status === 'payment' && res.data.payment_url && res.data.manage_token) {
        sessionStorage.setItem(manageKey(w.params.slug), res.data.manage_token);
        window.location.assign(res.data.payment_url);
        return;
      }
      w.next({ booking: res.data.booking, manage_token: res.data.manage_token, hold: null, held: null });
    } catch (err) {
      const p = problemOf(err, t('errors.server'));
      setProblem(p.message ?? Object.values(p.fields)[0] ?? null);
      setPending(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Summary
          lines={[
            [t('bookingPage.with'), page.name],
            [t('fields.appointments.service'), held.service.title],
            [t('fields.appointments.date'), day(held.date)],
            [t('bookingPage.time'), `${held.start_time}–${held.end_time}`],
            [
              t('fields.appointments.price'),
              held.service.price > 0 ? money(held.service.price) : t('bookingPage.free'),
            ],
            ...when(held.deposit > 0, [t('bookingPage.payNow'), money(held.deposit)]),
          ]}
        />
      </Paper>
      {held.deposit > 0 && page.payment_note && (
        <Alert severity="info" icon={false}>
          {page.payment_note}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" role="status">
        {t('bookingPage.heldUntil', { time: until })}
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      {problem && (
        <Button onClick={() => w.restart({ verified: true, client: w.data.client })}>
          {t('bookingPage.chooseAgain')}
        </Button>
      )}
      <Button
        variant="contained"
        size="large"
        onClick={() => void confirm()}
        disabled={pending}
        startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {held.deposit > 0 ? t('bookingPage.confirmAndPay', { amount: money(held.deposit) }) : t('bookingPage.confirm')}
      </Button>
    </Box>
  );
};
