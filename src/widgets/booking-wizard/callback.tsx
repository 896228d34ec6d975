import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@soloist/renderer';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { HttpError, useDataProvider, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { manageKey, onPage, type CallAnswer, type Checkout } from './api';
import { BookingCard, PurchaseCard } from './done';

const REDIRECT_SECONDS = 5;
const TRIES = 10;

type Outcome = 'paid' | 'bought' | 'refunded' | 'failed' | 'pending';

/**
 * What became of a payment, asked of the server (which asks the provider: never the URL's word). The webhook may
 * arrive a moment after the client, so an unpaid answer is asked again a few times before it counts as failed.
 */
function usePayment(slug: string | undefined, payment: string) {
  const provider = useDataProvider();
  const [tries, setTries] = useState(0);
  const { data, error } = useSWR(
    payment ? ['booking-payment', slug, payment, tries] : null,
    () =>
      provider.call<CallAnswer<'booking.payment'>>('booking.payment', onPage(slug, { payment })).then((r) => r.data),
    { revalidateOnFocus: false },
  );
  const settled = data?.status === 'booked' || data?.status === 'refunded';
  useEffect(() => {
    if (!data || settled || tries >= TRIES) return undefined;
    const id = setTimeout(() => setTries((n) => n + 1), 1000);
    return () => clearTimeout(id);
  }, [data, settled, tries]);
  const outcome: Outcome = !data
    ? 'pending'
    : data.status === 'booked'
      ? data.purchase
        ? 'bought'
        : 'paid'
      : data.status === 'refunded'
        ? 'refunded'
        : tries >= TRIES
          ? 'failed'
          : 'pending';
  return { data, error, outcome };
}

/** The outcome as a heading, and what the client got (or why not), with the way on. */
function OutcomeView({
  slug,
  data,
  outcome,
}: {
  slug: string | undefined;
  data: Checkout | undefined;
  outcome: Outcome;
}) {
  const { t } = useRenderer();
  const navigate = useNavigate();
  const again = () => navigate(`/online-booking/${slug}`);
  const token = sessionStorage.getItem(manageKey(slug));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h6" data-testid="payment-outcome">
        {t(`bookingPage.outcome.${outcome}`)}
      </Typography>
      {outcome === 'pending' && <LinearProgress aria-label={t('app.loading')} />}
      {outcome === 'paid' && data?.booking && (
        <BookingCard slug={slug} booking={data.booking} onAgain={again}>
          {token && (
            <Button
              variant="contained"
              size="large"
              onClick={() => navigate(`/online-booking/${slug}/booking/${token}`)}
            >
              {t('bookingPage.manageBooking')}
            </Button>
          )}
        </BookingCard>
      )}
      {outcome === 'bought' && data?.purchase && <PurchaseCard slug={slug} purchase={data.purchase} onAgain={again} />}
      {(outcome === 'refunded' || outcome === 'failed') && (
        <>
          <Alert severity="warning" role="alert">
            {t(outcome === 'refunded' ? 'bookingPage.refunded' : 'bookingPage.failed')}
          </Alert>
          <Button variant="contained" onClick={again}>
            {t('bookingPage.chooseAgain')}
          </Button>
        </>
      )}
    </Box>
  );
}

function Problem({ error }: { error: unknown }) {
  const { t } = useRenderer();
  return <Alert severity="error">{error instanceof HttpError ? error.message : t('app.networkError')}</Alert>;
}

/**
 * Where the payment provider sends the client back (spec §2): the payment is confirmed, its outcome shown, and after
 * 5 seconds the client is taken to the confirmation, which stays until they leave.
 */
export const BookingCallback: ScreenWidget = () => {
  const { t } = useRenderer();
  const { slug } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const payment = query.get('session_id') ?? '';
  const { data, error, outcome } = usePayment(slug, payment);
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const final = outcome !== 'pending';
  useEffect(() => {
    if (!final) return undefined;
    if (left <= 0) {
      navigate(`/online-booking/${slug}/confirmation?session_id=${encodeURIComponent(payment)}`, { replace: true });
      return undefined;
    }
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [final, left, navigate, slug, payment]);

  if (!payment) return <Alert severity="error">{t('bookingPage.paymentUnknown')}</Alert>;
  if (error) return <Problem error={error} />;
  return (
    <>
      <OutcomeView slug={slug} data={data} outcome={outcome} />
      {final && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="timer" aria-live="polite">
          {t('bookingPage.toConfirmation', { count: left })}
        </Typography>
      )}
    </>
  );
};

/** The confirmation the callback leads to: titled by the payment's outcome, and it stays. */
export const BookingConfirmation: ScreenWidget = () => {
  const { t } = useRenderer();
  const { slug } = useParams();
  const [query] = useSearchParams();
  const payment = query.get('session_id') ?? '';
  const { data, error, outcome } = usePayment(slug, payment);
  if (!payment) return <Alert severity="error">{t('bookingPage.paymentUnknown')}</Alert>;
  if (error) return <Problem error={error} />;
  return <OutcomeView slug={slug} data={data} outcome={outcome} />;
};
