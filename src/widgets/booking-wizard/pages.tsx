import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { HttpError, useRenderer, type ScreenWidget } from '../../../renderer';
import { manageKey, pagePath, type Booking, type Purchase } from './api';
import { BookingCard, PurchaseCard } from './steps';

const REDIRECT_SECONDS = 5;

/**
 * Where the payment provider sends the client back: asks the server (which asks the provider) whether the
 * payment went through, then goes on to the booking's own page after 5 seconds.
 */
export const BookingCallback: ScreenWidget = () => {
  const { t, rest } = useRenderer();
  const { slug } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const payment = query.get('session_id') ?? '';
  const [tries, setTries] = useState(0);
  const { data, error } = useSWR(payment ? ['booking-payment', slug, payment, tries] : null,
    () => rest.getJson<{ data: { status: string; booking?: Booking; purchase?: Purchase } }>(`${pagePath(slug)}/payments/${encodeURIComponent(payment)}`).then((r) => r.data));
  const booked = data?.status === 'booked';
  const refunded = data?.status === 'refunded';
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  // The webhook may arrive a moment after the client: ask again a few times.
  useEffect(() => {
    if (data && !booked && !refunded && tries < 10) {
      const id = setTimeout(() => setTries((n) => n + 1), 1000);
      return () => clearTimeout(id);
    }
    return undefined;
  }, [data, booked, refunded, tries]);
  useEffect(() => {
    if (!booked) return undefined;
    if (left <= 0) {
      const token = sessionStorage.getItem(manageKey(slug));
      navigate(token ? `/online-booking/${slug}/booking/${token}` : `/online-booking/${slug}`, { replace: true });
      return undefined;
    }
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [booked, left, navigate, slug]);

  if (!payment) return <Alert severity="error">{t('bookingPage.paymentUnknown')}</Alert>;
  if (error) return <Alert severity="error">{error instanceof HttpError ? error.message : t('app.networkError')}</Alert>;
  if (refunded) {
    // Paid, but the time was taken before the payment arrived: the server refunded it and told the client.
    return (
      <>
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">{t('bookingPage.refunded')}</Alert>
        <Button variant="contained" onClick={() => navigate(`/online-booking/${slug}`)}>{t('bookingPage.chooseAgain')}</Button>
      </>
    );
  }
  if (!booked) {
    return tries >= 10
      ? <Alert severity="warning">{t('bookingPage.paymentPending')}</Alert>
      : <><Typography gutterBottom>{t('bookingPage.confirmingPayment')}</Typography><LinearProgress aria-label={t('app.loading')} /></>;
  }
  return (
    <>
      {data.purchase
        ? <PurchaseCard slug={slug} purchase={data.purchase} onAgain={() => navigate(`/online-booking/${slug}`)} />
        : <BookingCard slug={slug} booking={data.booking!} onAgain={() => navigate(`/online-booking/${slug}`)} />}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="timer" aria-live="polite">{t('bookingPage.redirecting', { count: left })}</Typography>
    </>
  );
};

/** A booking's own page, reached by the link (with its token) in the confirmation. */
export const BookingManage: ScreenWidget = () => {
  const { t, rest } = useRenderer();
  const { slug, token } = useParams();
  const navigate = useNavigate();
  const { data, error } = useSWR(['booking-manage', slug, token], () => rest.getJson<{ data: Booking | Purchase }>(`${pagePath(slug)}/bookings/${encodeURIComponent(token ?? '')}`).then((r) => r.data));
  if (error) {
    return (
      <>
        <Alert severity="error" sx={{ mb: 2 }}>{error instanceof HttpError && error.status === 404 ? t('bookingPage.bookingNotFound') : t('app.networkError')}</Alert>
        <Button variant="outlined" onClick={() => navigate(`/online-booking/${slug}`)}>{t('bookingPage.bookAgain')}</Button>
      </>
    );
  }
  if (!data) return <LinearProgress aria-label={t('app.loading')} />;
  const again = () => navigate(`/online-booking/${slug}`);
  return 'title' in data ? <PurchaseCard slug={slug} purchase={data} onAgain={again} /> : <BookingCard slug={slug} booking={data} onAgain={again} />;
};
