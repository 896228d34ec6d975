import { useState } from 'react';
import { useNavigate, useParams } from '@soloist/renderer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HttpError, useCall, useDataProvider, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { onPage, useDay, usePage, type Hold, type ManagedBooking, type Purchase } from './api';
import { BookingCard, PurchaseCard } from './done';
import { problemOf } from './shared';
import { SlotPicker } from './slot-picker';

/** An instant in words in the owner's time zone: "Tuesday 24 November 2026, 09:00". */
function useWhen() {
  const { locale } = useRenderer();
  return (iso: string, zone: string) =>
    new Date(iso).toLocaleString(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: zone,
    });
}

/** Choosing a new time: the same day strip and holds as a booking, then one button to move the booking there. */
function Reschedule({
  slug,
  token,
  service,
  onMoved,
}: {
  slug: string | undefined;
  token: string;
  service: string;
  onMoved(b: ManagedBooking, message: string): void;
}) {
  const { t, notify } = useRenderer();
  const provider = useDataProvider();
  const { data: page } = usePage(slug);
  const day = useDay();
  const [pending, setPending] = useState<string | null>(null);
  const [held, setHeld] = useState<Hold | null>(null);
  const on = onPage(slug, { token });
  async function pick(start: string, again: () => Promise<unknown>) {
    setPending(start);
    try {
      setHeld((await provider.call<{ data: Hold }>('booking.managed-hold', { ...on, body: { start } })).data);
    } catch (err) {
      const p = problemOf(err, t('errors.server'));
      notify(p.message ?? Object.values(p.fields)[0] ?? t('errors.server'), 'error');
      await again();
    } finally {
      setPending(null);
    }
  }
  async function move() {
    setPending('move');
    try {
      const res = await provider.call<{ data: ManagedBooking; message: string }>('booking.reschedule', {
        ...on,
        body: { hold: held!.token },
      });
      onMoved(res.data, res.message);
    } catch (err) {
      const p = problemOf(err, t('errors.server'));
      notify(p.message ?? Object.values(p.fields)[0] ?? t('errors.server'), 'error');
      setHeld(null);
      setPending(null);
    }
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography component="h2" variant="h6">
        {t('bookingPage.changeTime')}
      </Typography>
      <SlotPicker slug={slug} service={service} pending={pending} onPick={(start, again) => void pick(start, again)} />
      {held && (
        <Button variant="contained" size="large" onClick={() => void move()} disabled={pending !== null}>
          {t('bookingPage.moveTo', { when: `${day(held.date)} ${held.start_time}` })}
        </Button>
      )}
      {!page && <LinearProgress aria-label={t('app.loading')} />}
    </Paper>
  );
}

/** A booking's own page, reached by the link (with its token) in the confirmation: see it, add it to a calendar, cancel or move it. */
export const BookingManage: ScreenWidget = () => {
  const { t, notify, confirm } = useRenderer();
  const provider = useDataProvider();
  const { slug, token = '' } = useParams();
  const navigate = useNavigate();
  const { data: page } = usePage(slug);
  const when = useWhen();
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = onPage(slug, { token });
  const managed = useCall<{ data: ManagedBooking | Purchase }>('booking.managed', on);
  const { error } = managed;
  const data = managed.data?.data;
  const mutate = (b?: ManagedBooking, options?: { revalidate: boolean }) =>
    b ? managed.mutate({ data: b }, options) : managed.mutate();
  const again = () => navigate(`/online-booking/${slug}`);
  if (error) {
    return (
      <>
        <Alert severity="error" sx={{ mb: 2 }}>
          {error instanceof HttpError && error.status === 404
            ? t('bookingPage.bookingNotFound')
            : t('app.networkError')}
        </Alert>
        <Button variant="outlined" onClick={again}>
          {t('bookingPage.bookAgain')}
        </Button>
      </>
    );
  }
  if (!data) return <LinearProgress aria-label={t('app.loading')} />;
  if ('title' in data) return <PurchaseCard slug={slug} purchase={data} onAgain={again} />;
  const zone = page?.time_zone ?? 'UTC';

  async function cancel() {
    if (
      !(await confirm(t('bookingPage.cancelConfirm'), {
        confirm: t('bookingPage.cancelYes'),
        cancel: t('bookingPage.keepBooking'),
      }))
    )
      return;
    setBusy(true);
    try {
      const res = await provider.call<{ data: ManagedBooking; message: string }>('booking.cancel', { ...on, body: {} });
      // The answer is the booking as it now is (a cancelled class seat is gone, so asking again would find nothing).
      await mutate(res.data, { revalidate: false });
      notify(res.message, 'success');
    } catch (err) {
      const p = problemOf(err, t('errors.server'));
      notify(p.message ?? Object.values(p.fields)[0] ?? t('errors.server'), 'error');
      await mutate();
    } finally {
      setBusy(false);
    }
  }

  const cancelled = data.status === 'cancelled';
  return (
    <BookingCard
      slug={slug}
      booking={data}
      onAgain={again}
      message={cancelled ? t('bookingPage.cancelledNote') : t('booking.booked')}
      severity={cancelled ? 'info' : 'success'}
    >
      {!cancelled && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {data.can_change
              ? t('bookingPage.changeUntil', { when: when(data.change_until, zone) })
              : t('booking.tooLateToChange', { name: data.owner })}
          </Typography>
          <Button
            variant="contained"
            size="large"
            component="a"
            href={provider.url('booking.calendar', on)}
            download="booking.ics"
          >
            {t('bookingPage.addToCalendar')}
          </Button>
          {data.can_change && data.reschedule_service && !changing && (
            <Button variant="outlined" size="large" onClick={() => setChanging(true)}>
              {t('bookingPage.changeTime')}
            </Button>
          )}
          {data.can_change && changing && data.reschedule_service && (
            <Reschedule
              slug={slug}
              token={token}
              service={data.reschedule_service}
              onMoved={(b, message) => {
                setChanging(false);
                void mutate(b, { revalidate: true });
                notify(message, 'success');
              }}
            />
          )}
          {data.can_change && (
            <Button color="error" size="large" onClick={() => void cancel()} disabled={busy}>
              {t('bookingPage.cancelBooking')}
            </Button>
          )}
        </Box>
      )}
    </BookingCard>
  );
};
