import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import { HttpError, query, type ListParams } from '../../../packages/renderer/core/rest';
import { RendererContext } from '../../../packages/renderer/react/context';
import Checkout, { backTo } from '../../../src/widgets/checkout/Checkout';
import { WidgetHostContext } from '../../../src/widgets/host';
import { productManifest } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';

const ANN = { id: 12, first_name: 'Ann', last_name: 'Lee' };
const owing = [
  {
    id: 31,
    date: '2026-11-20',
    start_time: '10:00',
    service: 'Haircut',
    clients: [ANN],
    price: 4000,
    amount: 4000,
    payment_status: 'unpaid',
  },
  {
    id: 32,
    date: '2026-11-21',
    start_time: '11:00',
    service: 'Colour',
    clients: [ANN],
    price: 5000,
    amount: 2500,
    payment_status: 'leftToPay',
  },
];
const page = (data: unknown[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length } });

function setup(
  answer422?: HttpError,
  locale = 'en',
  path = '/financials/income/checkout?client_id=12&appointment_id=32&back=/clients/12',
  owed: unknown[] = owing,
) {
  let reads = 0;
  const sent: { method: string; path: string; body: unknown }[] = [];
  const notify = jest.fn();
  const gets: string[] = [];
  const read = async (url: string): Promise<unknown> => {
    gets.push(url);
    if (url === '/api/v1/clients/12') return { data: ANN };
    // Read again later, the list has changed (paid elsewhere in part).
    if (url.startsWith('/api/v1/payments/left-to-pay/appointment'))
      return page(reads++ === 0 ? owed : owing.map((a) => (a.id === 31 ? { ...a, amount: 3000 } : a)));
    if (url.startsWith('/api/v1/payments/left-to-pay/sale'))
      return page([
        {
          id: 32,
          date: '2026-11-02',
          total: 1400,
          left_to_pay: 700,
          client: ANN,
          items: [{ title: 'Oil', quantity: 2 }],
        },
      ]);
    if (url.startsWith('/api/v1/payments/redeemable')) return { packages: [] };
    if (url === '/api/v1/gift-vouchers/code/GOOD')
      return { code: 'GOOD', title: 'Pamper', amount: 5000, amount_left: 1500, expires_on: null };
    if (url.startsWith('/api/v1/gift-vouchers/code/'))
      throw new HttpError(422, { message: 'There is no gift voucher with the code BAD.' });
    if (url.startsWith('/api/v1/products')) return [{ id: 5, title: 'Oil', price: 750 }];
    // As the server answers a lite list: a plain array.
    if (url.startsWith('/api/v1/clients?is_lite=1'))
      return [ANN, { id: 13, first_name: 'Bea', last_name: 'Ray', email: 'bea@example.com', phone: null }];
    return page([]);
  };
  const rest = {
    peek: () => undefined,
    send: jest.fn(async (method: string, path: string, body: unknown) => {
      if (method === 'GET') return read(path);
      sent.push({ method, path, body });
      if (answer422) throw answer422;
      return { message: 'Payment recorded.' };
    }),
    // The data provider's record reads (useList, useOne) go through the client's own.
    getList: async (path: string, params: ListParams) => read(`${path}${query(params)}`),
    getOne: async (path: string, id: string | number) => read(`${path}/${id}`),
  };
  const location = { path, history: [] as string[] };
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, focusThrottleInterval: 0 }}>
      <RendererContext.Provider
        value={rendererContext({
          manifest: productManifest(),
          rest: rest as never,
          notify,
          locale,
          formContext: { currency: 'GBP' },
          t: (k, o) => (o ? `${k} ${JSON.stringify(o)}` : k),
        })}
      >
        <WidgetHostContext.Provider
          value={{
            user: { calendarSettings: { time_zone: 'Europe/London' } } as never,
            reloadUser: async () => undefined,
          }}
        >
          <MemoryRouter path={location.path} history={location.history}>
            <Checkout screen={{} as never} />
          </MemoryRouter>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { sent, gets, notify, location };
}

const amount = (i: number) => screen.getByTestId(`pay-amount-${i}`) as HTMLInputElement;

describe('the checkout', () => {
  it('opens with the named client and appointment ticked, offering what is owed in the first payment line', async () => {
    setup();
    await waitFor(() => expect((screen.getByTestId('owed-32') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByTestId('owed-31') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('checkout-client') as HTMLInputElement).value).toBe('Ann Lee');
    await waitFor(() => expect(amount(0).value).toBe('25.00'));
  });

  it('ticks the named class seat alone (beside an appointment of the same id) and sends it as a seat', async () => {
    const seat = { ...owing[1], kind: 'class', service: 'Yoga', price: 1200, amount: 1200 };
    const { sent } = setup(
      undefined,
      'en',
      '/financials/income/checkout?client_id=12&class_seat_id=32&back=/clients/12',
      [...owing.map((a) => ({ ...a, kind: 'appointment' })), seat],
    );
    await waitFor(() => expect((screen.getByTestId('owed-seat-32') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByTestId('owed-32') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('checkout.classSeat {"title":"Yoga"}')).toBeTruthy();
    await waitFor(() => expect(amount(0).value).toBe('12.00'));
    fireEvent.click(screen.getByRole('button', { name: /checkout.submit/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({
      appointment_ids: [],
      class_seat_ids: [32],
      payments: [{ method: 'cash', amount: 1200 }],
    });
  });

  it('opened for a client alone ticks none of their debts: selling a £7.50 oil takes £7.50', async () => {
    const coming = { ...owing[0], id: 99, date: '2099-01-01', kind: 'appointment' };
    const { sent } = setup(undefined, 'en', '/financials/income/checkout?client_id=12', [...owing, coming]);
    // Older debts (an appointment, a part-paid one, an earlier sale) and a coming one are listed, none ticked.
    await waitFor(() => expect(screen.getByTestId('owed-sale-32')).toBeTruthy());
    for (const id of ['owed-31', 'owed-32', 'owed-99', 'owed-sale-32'])
      expect((screen.getByTestId(id) as HTMLInputElement).checked).toBe(false);
    const picker = screen.getByRole('combobox', { name: 'checkout.addItem' });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByText('Oil'));
    await waitFor(() => expect(amount(0).value).toBe('7.50'));
    expect(screen.getByRole('button', { name: /checkout.submit/ }).textContent).toContain('£7.50');
    fireEvent.click(screen.getByRole('button', { name: /checkout.submit/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({
      appointment_ids: [],
      items: [{ kind: 'product', id: 5, quantity: 1 }],
      payments: [{ method: 'cash', amount: 750 }],
    });
    expect((sent[0].body as { sale_ids?: number[] }).sale_ids ?? []).toEqual([]);
  });

  it('says when the payments come to more than is owed, and will not take them', async () => {
    setup();
    await waitFor(() => expect(amount(0).value).toBe('25.00'));
    fireEvent.change(amount(0), { target: { value: '30' } });
    expect(await screen.findByTestId('checkout-over')).toBeTruthy();
    expect((screen.getByRole('button', { name: /checkout.submit/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount(0), { target: { value: '20' } });
    await waitFor(() => expect(screen.queryByTestId('checkout-over')).toBeNull());
  });

  it('pays the rest of an earlier sale named in the address, beside an appointment of the same id', async () => {
    const { sent } = setup(undefined, 'en', '/financials/income/checkout?client_id=12&sale_id=32');
    await waitFor(() => expect((screen.getByTestId('owed-sale-32') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByTestId('owed-32') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('checkout.saleRest {"items":"2 × Oil"}')).toBeTruthy();
    await waitFor(() => expect(amount(0).value).toBe('7.00'));
    fireEvent.click(screen.getByRole('button', { name: /checkout.submit/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({
      appointment_ids: [],
      sale_ids: [32],
      payments: [{ method: 'cash', amount: 700 }],
    });
  });

  it('finds a client to choose from the lite list the server answers', async () => {
    setup(undefined, 'en', '/financials/income/checkout');
    const field = screen.getByTestId('checkout-client') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Be' } });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(await screen.findByText('Bea Ray')).toBeTruthy();
    expect(screen.getByText('bea@example.com')).toBeTruthy();
  });

  it("looks a voucher's code up: its amount left, or the server's refusal in words", async () => {
    setup();
    await waitFor(() => expect(amount(0).value).toBe('25.00'));
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: 'checkout.method' })[0]);
    fireEvent.click(within(screen.getByRole('listbox')).getByText('money.methods.gift_voucher'));
    fireEvent.change(screen.getByTestId('pay-code-0'), { target: { value: 'BAD' } });
    fireEvent.click(screen.getByRole('button', { name: 'checkout.checkCode' }));
    expect(await screen.findByText('There is no gift voucher with the code BAD.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('pay-code-0'), { target: { value: 'GOOD' } });
    fireEvent.click(screen.getByRole('button', { name: 'checkout.checkCode' }));
    expect(await screen.findByText(/checkout.voucherLeft .*"title":"Pamper","amount":"£15.00"/)).toBeTruthy();
  });

  it("caps a voucher's amount at its balance and offers the rest as a second payment", async () => {
    const { sent } = setup();
    await waitFor(() => expect(amount(0).value).toBe('25.00'));
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: 'checkout.method' })[0]);
    fireEvent.click(within(screen.getByRole('listbox')).getByText('money.methods.gift_voucher'));
    fireEvent.change(screen.getByTestId('pay-code-0'), { target: { value: 'GOOD' } });
    fireEvent.click(screen.getByRole('button', { name: 'checkout.checkCode' }));
    // £15.00 is left on GOOD: it pays £15.00, and the £10.00 still owed is offered as another payment.
    await waitFor(() => expect(amount(0).value).toBe('15.00'));
    expect(amount(1).value).toBe('10.00');
    // More than the balance typed by hand is said at once and not taken.
    fireEvent.change(amount(0), { target: { value: '20' } });
    expect(await screen.findByText(/payments.voucherTooMuch .*"code":"GOOD"/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /checkout.submit/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount(0), { target: { value: '15' } });
    await waitFor(() => expect(screen.queryByText(/payments.voucherTooMuch/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /checkout.submit/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0].body as { payments: unknown[] }).payments).toEqual([
      { method: 'gift_voucher', code: 'GOOD', amount: 1500 },
      { method: 'cash', amount: 1000 },
    ]);
  });

  it('sends the ticked appointments and every payment line, then goes back where it came from', async () => {
    const { sent, notify, location } = setup();
    await waitFor(() => expect(amount(0).value).toBe('25.00'));
    fireEvent.change(amount(0), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'checkout.addPayment' }));
    expect(amount(1).value).toBe('15.00');
    fireEvent.click(screen.getByRole('button', { name: /checkout.submit/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/v1/payments',
      body: {
        client_id: 12,
        appointment_ids: [32],
        class_seat_ids: [],
        items: [],
        discount: null,
        payments: [
          { method: 'cash', amount: 1000 },
          { method: 'cash', amount: 1500 },
        ],
      },
    });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Payment recorded.', 'success'));
    expect(location.history?.at(-1)).toBe('/clients/12');
  });

  it("shows a 422's message and places its field errors on the payment line they name", async () => {
    setup(
      new HttpError(422, {
        message: 'The payment could not be recorded.',
        errors: { 'payments.0.amount': ['A payment cannot be more than what is owed.'] },
      }),
    );
    await waitFor(() => expect(amount(0).value).toBe('25.00'));
    fireEvent.click(screen.getByRole('button', { name: /checkout.submit/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('The payment could not be recorded.');
    expect(screen.getByText('A payment cannot be more than what is owed.')).toBeTruthy();
  });
});

describe('after a checkout', () => {
  it('goes back only to a path of this app', () => {
    expect(backTo('/clients/12')).toBe('/clients/12');
    expect(backTo('//evil.example')).toBe('/financials/income/list');
    expect(backTo('https://evil.example')).toBe('/financials/income/list');
    expect(backTo(null)).toBe('/financials/income/list');
  });

  it('reads again what a payment changes (what is owed), and not what it does not (the catalogue)', async () => {
    const { sent, gets } = setup();
    await waitFor(() => expect(amount(0).value).toBe('25.00'));
    const owed = () => gets.filter((u) => u.startsWith('/api/v1/payments/left-to-pay/appointment')).length;
    const catalogue = () => gets.filter((u) => u.startsWith('/api/v1/products')).length;
    const [owedBefore, catalogueBefore] = [owed(), catalogue()];
    fireEvent.click(screen.getByRole('button', { name: /checkout.submit/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(owed()).toBeGreaterThan(owedBefore));
    expect(catalogue()).toBe(catalogueBefore);
  });
});

describe('the ticks', () => {
  it('stay as the owner left them when the owed list is read again', async () => {
    setup();
    await waitFor(() => expect((screen.getByTestId('owed-32') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByTestId('owed-31'));
    expect((screen.getByTestId('owed-31') as HTMLInputElement).checked).toBe(true);
    // The window regains focus: SWR reads the list again.
    fireEvent.focus(window);
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByText(/"left":"£30.00"/)).toBeTruthy();
    expect((screen.getByTestId('owed-31') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('owed-32') as HTMLInputElement).checked).toBe(true);
  });
});

describe('in Ukrainian', () => {
  it('offers amounts with a decimal comma and takes either mark when typed', async () => {
    const { sent } = setup(undefined, 'uk');
    await waitFor(() => expect(amount(0).value).toBe('25,00'));
    fireEvent.change(amount(0), { target: { value: '12,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'checkout.addPayment' }));
    expect(amount(1).value).toBe('12,50');
    fireEvent.change(amount(1), { target: { value: '12.50' } });
    fireEvent.click(screen.getByRole('button', { name: /checkout.submit/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0].body as { payments: unknown[] }).payments).toEqual([
      { method: 'cash', amount: 1250 },
      { method: 'cash', amount: 1250 },
    ]);
  });
});

describe('the owed list', () => {
  it('keeps each appointment one row: its tick, service, date and the amount on one line', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('owed-32')).toBeTruthy());
    const row = screen.getByTestId('owed-32').closest('[data-owed-row]') as HTMLElement;
    expect(row.getAttribute('data-owed-row')).toBe('32');
    expect(row.textContent).toContain('Colour');
    const owed = row.querySelector('[data-owed-amount]') as HTMLElement;
    expect(owed.textContent).toContain('£25.00');
    expect(getComputedStyle(owed).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(owed.parentElement as HTMLElement).flexWrap).not.toBe('wrap');
  });
});
