import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfirmStep } from '../../../src/widgets/booking-wizard/confirm';
import { fakeRest, refused, renderBooking, wizardApi } from '../../helpers/booking-widget';

const PAGE = '/api/v1/online-booking/hart-studio';
const enabled = async (button: HTMLElement | Promise<HTMLElement>) => !((await button) as HTMLButtonElement).disabled;
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
const held = {
  token: 'h1',
  expires_at: '2027-03-08T09:10:00.000Z',
  date: '2027-03-08',
  start_time: '10:00',
  end_time: '11:00',
  service: { id: 'cut', title: 'Haircut', price: 3500, duration: 60 },
  deposit: 1000,
};
const quote = (over: Record<string, unknown>) => ({
  data: {
    price: 3500,
    deposit: 1000,
    left_to_pay: 3500,
    package: null,
    package_used: false,
    voucher: null,
    ...over,
  },
});

describe('the confirm step pays with what the client holds', () => {
  it('books with the package that covers the service: no deposit asked, the package named', async () => {
    const pack = { title: 'Three haircuts', expires_on: null, sessions_left: 3 };
    const { rest, calls } = fakeRest({
      [`GET ${PAGE}`]: () => page,
      [`POST ${PAGE}/quotes`]: (body) =>
        body!.use_package
          ? quote({ deposit: 0, left_to_pay: 0, package: pack, package_used: true })
          : quote({ package: pack }),
      [`POST ${PAGE}/bookings`]: () => ({ data: { status: 'booked', manage_token: 'm', booking: {} } }),
    });
    const { api, asked } = wizardApi({ hold: 'h1', held, details: { answer: 'None' } });
    await renderBooking(<ConfirmStep screen={{} as never} wizard={api} />, rest);
    expect(await screen.findByText('Paid with your package')).toBeTruthy();
    expect(screen.getByText('Three haircuts')).toBeTruthy();
    expect(screen.queryByText('Have a gift voucher?')).toBeNull();
    expect(await enabled(screen.getByRole('button', { name: 'Confirm booking' }))).toBe(true);

    // Unticked, the deposit is asked as before, and a voucher may pay instead.
    fireEvent.click(screen.getByRole('checkbox', { name: /Pay with my package “Three haircuts”/ }));
    expect(await enabled(await screen.findByRole('button', { name: 'Confirm and pay £10.00' }))).toBe(true);
    expect(screen.getByText('Have a gift voucher?')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Pay with my package/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(asked.next).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith('/bookings'))!.body).toEqual({
      hold: 'h1',
      answer: 'None',
      use_package: true,
    });
  });

  it('applies a gift voucher code: what it pays and the deposit of what is left; a refused code says why', async () => {
    const { rest, calls } = fakeRest({
      [`GET ${PAGE}`]: () => page,
      [`POST ${PAGE}/quotes`]: (body) =>
        body!.voucher_code === 'GIFT2GIFT2'
          ? quote({
              deposit: 1000,
              left_to_pay: 2000,
              voucher: { code: 'GIFT2GIFT2', title: 'Pamper gift', amount_left: 1500, applied: 1500 },
            })
          : body!.voucher_code
            ? refused('voucher_code', `There is no gift voucher with the code ${String(body!.voucher_code)}.`)
            : quote({}),
      [`POST ${PAGE}/bookings`]: () => ({ data: { status: 'booked', manage_token: 'm', booking: {} } }),
    });
    const { api } = wizardApi({ hold: 'h1', held, details: {} });
    await renderBooking(<ConfirmStep screen={{} as never} wizard={api} />, rest);
    const field = await screen.findByLabelText('Gift voucher code');
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('There is no gift voucher with the code NOPE.')).toBeTruthy();
    expect(await enabled(screen.getByRole('button', { name: 'Confirm and pay £10.00' }))).toBe(true);

    fireEvent.change(field, { target: { value: 'GIFT2GIFT2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Gift voucher GIFT2GIFT2')).toBeTruthy();
    expect(screen.getByText('−£15.00')).toBeTruthy();
    expect(screen.getByText('£20.00')).toBeTruthy();
    expect(screen.queryByText('There is no gift voucher with the code NOPE.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and pay £10.00' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/bookings'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/bookings'))!.body).toMatchObject({ voucher_code: 'GIFT2GIFT2' });
  });
});

describe('the confirm step names what is booked and where', () => {
  const free = { ...held, service: { id: 'home', title: 'Home visit', price: 0, duration: 60 }, deposit: 0 };
  const home = { id: 'home', title: 'Home visit', description: null, duration: 60, price: 0, deposit: 0 };
  const withHome = {
    data: { ...page.data, services: [{ ...home, multipart: false, question: null, at_client: true, colour: null }] },
  };
  const answers = {
    [`GET ${PAGE}`]: () => withHome,
    [`POST ${PAGE}/quotes`]: () => quote({ price: 0, deposit: 0, left_to_pay: 0 }),
  };

  it('shows the address the client gave for a home visit', async () => {
    const { rest } = fakeRest(answers);
    const { api } = wizardApi({
      kind: 'appointment',
      hold: 'h1',
      held: free,
      details: { address: '12 Mill Lane, Leeds' },
    });
    await renderBooking(<ConfirmStep screen={{} as never} wizard={api} />, rest);
    expect(await screen.findByText('Your address')).toBeTruthy();
    expect(screen.getByText('12 Mill Lane, Leeds')).toBeTruthy();
    expect(screen.getByText('Service')).toBeTruthy();
  });

  it('says "Class" for a class, in English and Ukrainian', async () => {
    const yoga = { ...free, service: { id: 'yoga', title: 'Morning yoga', price: 0, duration: 60 } };
    for (const [lng, label] of [
      ['en', 'Class'],
      ['uk', 'Заняття'],
    ] as const) {
      const { rest } = fakeRest(answers);
      const { api } = wizardApi({ kind: 'class', hold: 'h1', held: yoga, details: {} });
      const view = await renderBooking(<ConfirmStep screen={{} as never} wizard={api} />, rest, lng);
      expect(await screen.findByText(label)).toBeTruthy();
      expect(screen.getByText('Morning yoga')).toBeTruthy();
      expect(screen.queryByText(lng === 'en' ? 'Service' : 'Послуга')).toBeNull();
      view.unmount();
    }
  });
});
