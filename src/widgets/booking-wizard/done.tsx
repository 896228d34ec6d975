import type { ReactNode } from 'react';
import { useNavigate } from '@soloist/renderer';
import Button from '@mui/material/Button';
import { useRenderer, type ScreenWidget } from '@soloist/renderer';
import { useDay, useMoney, usePage, type Booking, type Purchase } from './api';
import { Loading, need, ResultCard, when } from './shared';

/** The booking, as the confirmation and the manage page show it (cancelled: what became of its deposit). */
export function BookingCard({
  slug,
  booking,
  onAgain,
  message,
  severity,
  children,
}: {
  slug: string | undefined;
  /** On the manage page: a cancelled booking with what became of its deposit. */
  booking: Booking & { status?: string; deposit?: { amount: number; refunded: boolean } | null };
  onAgain(): void;
  message?: string | null;
  severity?: 'success' | 'info' | 'warning';
  children?: ReactNode;
}) {
  const { t } = useRenderer();
  const { data: page } = usePage(slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  const cancelled = booking.status === 'cancelled';
  const deposit = booking.deposit ?? null;
  return (
    <ResultCard
      message={message === undefined ? t('booking.booked') : message}
      severity={severity}
      onAgain={onAgain}
      lines={[
        [t('bookingPage.with'), booking.owner],
        [t('fields.appointments.service'), booking.service ?? ''],
        [t('fields.appointments.date'), day(booking.date)],
        [t('bookingPage.time'), `${booking.start_time}–${booking.end_time}`],
        ...(cancelled
          ? // Nothing is left to pay for a cancelled booking: only whether its deposit was given back.
            when(Boolean(deposit), [
              t('bookingPage.deposit'),
              t(deposit?.refunded ? 'bookingPage.depositRefunded' : 'bookingPage.depositKept', {
                amount: money(deposit?.amount ?? 0),
              }),
            ])
          : [
              ...when(booking.paid > 0, [t('bookingPage.paid'), money(booking.paid)]),
              ...when(booking.price - booking.paid > 0, [
                t('bookingPage.leftToPay'),
                money(booking.price - booking.paid),
              ]),
            ]),
      ]}
    >
      {children}
    </ResultCard>
  );
}

/** Step 7: booked (or bought). */
export const DoneStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const navigate = useNavigate();
  const again = () => w.restart({ verified: true, client: w.data.client });
  if (w.data.purchase)
    return <PurchaseCard slug={w.params.slug} purchase={w.data.purchase as Purchase} onAgain={again} />;
  const booking = w.data.booking as Booking | undefined;
  if (!booking) return <Loading />;
  return (
    <BookingCard slug={w.params.slug} booking={booking} onAgain={again}>
      <Button
        variant="contained"
        size="large"
        onClick={() => navigate(`/online-booking/${w.params.slug}/booking/${String(w.data.manage_token)}`)}
      >
        {t('bookingPage.manageBooking')}
      </Button>
    </BookingCard>
  );
};

/** A bought voucher (with its code) or package. */
export function PurchaseCard({
  slug,
  purchase,
  onAgain,
}: {
  slug: string | undefined;
  purchase: Purchase;
  onAgain(): void;
}) {
  const { t } = useRenderer();
  const { data: page } = usePage(slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  return (
    <ResultCard
      message={t('booking.bought')}
      onAgain={onAgain}
      lines={[
        [t('bookingPage.with'), purchase.owner],
        [t(`bookingPage.kinds.${purchase.kind}`), purchase.title],
        ...when(Boolean(purchase.code), [t('bookingPage.voucherCode'), purchase.code ?? '']),
        [t('bookingPage.value'), money(purchase.amount)],
        ...when(purchase.amount_left !== null && purchase.amount_left !== purchase.amount, [
          t('bookingPage.left'),
          money(purchase.amount_left ?? 0),
        ]),
        ...when(Boolean(purchase.recipient_name), [t('bookingPage.for'), purchase.recipient_name ?? '']),
        ...when(Boolean(purchase.expires_on), [
          t('bookingPage.validTo'),
          purchase.expires_on ? day(purchase.expires_on) : '',
        ]),
      ]}
    />
  );
}
