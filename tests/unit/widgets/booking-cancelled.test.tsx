import { screen } from '@testing-library/react';
import { Route } from '@soloist/renderer';
import { BookingManage } from '../../../src/widgets/booking-wizard/manage';
import { fakeRest, renderBooking } from '../../helpers/booking-widget';

const PAGE = '/api/v1/online-booking/hart-studio';
const page = {
  data: {
    name: 'Hart Studio',
    open: true,
    message: null,
    currency: 'GBP',
    payment_note: null,
    time_zone: 'Europe/London',
    existing_clients_only: false,
    remember_days: 30,
    services: [],
    classes: [],
    vouchers: [],
    packages: [],
    verified: null,
  },
};
const cancelled = (deposit: { amount: number; refunded: boolean } | null) => ({
  data: {
    owner: 'Hart Studio',
    service: 'Haircut',
    date: '2027-03-10',
    start_time: '10:00',
    end_time: '11:00',
    price: 3500,
    paid: deposit && !deposit.refunded ? deposit.amount : 0,
    address: null,
    status: 'cancelled',
    starts_at: '2027-03-10T10:00:00.000Z',
    ends_at: '2027-03-10T11:00:00.000Z',
    change_until: '2027-03-09T10:00:00.000Z',
    can_change: false,
    reschedule_service: null,
    deposit,
  },
});

async function manage(lng: 'en' | 'uk', deposit: { amount: number; refunded: boolean } | null) {
  const { rest } = fakeRest({
    [`GET ${PAGE}`]: () => page,
    [`GET ${PAGE}/bookings/tok`]: () => cancelled(deposit),
  });
  return renderBooking(
    <Route path="/online-booking/:slug/booking/:token">
      <BookingManage screen={{} as never} />
    </Route>,
    rest,
    lng,
    '/online-booking/hart-studio/booking/tok',
  );
}

describe('a cancelled booking on its manage page', () => {
  it('says the deposit is kept, and shows nothing left to pay', async () => {
    await manage('en', { amount: 1000, refunded: false });
    expect(await screen.findByText('This booking is cancelled.')).toBeTruthy();
    expect(screen.getByText('Deposit')).toBeTruthy();
    expect(screen.getByText('£10.00, not refunded')).toBeTruthy();
    expect(screen.queryByText('Left to pay')).toBeNull();
    expect(screen.queryByText('Paid')).toBeNull();
  });

  it('says it was refunded, in Ukrainian too', async () => {
    await manage('uk', { amount: 1000, refunded: true });
    expect(await screen.findByText('Це бронювання скасовано.')).toBeTruthy();
    expect(screen.getByText('Завдаток')).toBeTruthy();
    expect(screen.getByText(/10,00.*повернуто/)).toBeTruthy();
    expect(screen.queryByText('Залишилось сплатити')).toBeNull();
  });

  it('without a deposit, says nothing of money', async () => {
    await manage('en', null);
    expect(await screen.findByText('This booking is cancelled.')).toBeTruthy();
    expect(screen.queryByText('Deposit')).toBeNull();
    expect(screen.queryByText('Left to pay')).toBeNull();
  });
});
