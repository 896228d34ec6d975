import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from '../../../renderer/core/rest';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RendererContext } from '../../../renderer/react/context';
import IncomeList from '../../../src/widgets/income/IncomeList';
import { WidgetHostContext } from '../../../src/widgets/host';
import { rendererContext } from '../../helpers/renderer-context';

const statistic = {
  from: '2026-11-01',
  to: '2026-11-30',
  income: 4500,
  payments: 6500,
  refunds: -2000,
  count: 2,
  by_method: [{ method: 'cash', income: 4500, count: 1 }],
  by_service: [
    { service_id: 3, title: 'Haircut', amount: 3000 },
    { service_id: null, title: null, amount: 500 },
  ],
};
const payment = (id: number, refunded: boolean) => ({
  id,
  type: 'appointment',
  method: 'cash',
  amount: 2000,
  currency: 'GBP',
  date: '2026-11-03',
  created_at: '2026-11-03T10:00:00Z',
  appointment_id: 1,
  checkout_id: 1,
  client: { id: 12, first_name: 'Ann', last_name: 'Lee' },
  refunds: [],
  refunded,
});

function show(
  allowed: (action: string, subject: string) => boolean,
  path = '/financials/income/list',
  send: jest.Mock = jest.fn(async () => ({ message: 'Payment refunded.' })),
) {
  const urls: string[] = [];
  const getJson = jest.fn(async (url: string) => {
    urls.push(url);
    if (url.startsWith('/api/v1/payments/statistic')) return statistic;
    return {
      data: [
        payment(1, true),
        payment(2, false),
        { ...payment(3, false), method: 'gift_voucher', redemption: true, income: 0 },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 25, total: 3 },
    };
  });
  const location = memoryLocation({ path });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({
          rest: { getJson, send } as never,
          can: allowed,
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
          <Router hook={location.hook} searchHook={location.searchHook}>
            <IncomeList screen={{} as never} />
          </Router>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return urls;
}

describe('the income list', () => {
  it('shows income per method where the plan has income details, a refunded payment as such, one refund button', async () => {
    show(() => true);
    expect(await screen.findByText('money.methods.cash: £45.00 (1)')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'money.byService' }).textContent).toBe(
      'Haircut: £30.00money.otherAppointments: £5.00',
    );
    expect(screen.getAllByText('money.refundedChip')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'money.refund' })).toHaveLength(2);
    // Paid from a gift voucher: listed with what it settled, said to have brought no money in.
    const voucher = screen.getByTestId('payment-3');
    expect(voucher.textContent).toContain('money.methods.gift_voucher');
    expect(voucher.textContent).toContain('£20.00money.redemption');
    expect(screen.getByTestId('payment-2').textContent).not.toContain('money.redemption');
    expect(screen.getByRole('link', { name: 'money.checkout' }).getAttribute('href')).toBe(
      '/financials/income/checkout',
    );
  });

  it('leaves income per method, refunds and the checkout out when the ability refuses them', async () => {
    show((action, subject) => action === 'read' && subject !== 'IncomeDetails');
    expect(await screen.findByText('£65.00')).toBeTruthy();
    expect(screen.queryByText(/money.methods.cash:/)).toBeNull();
    expect(screen.queryByText(/Haircut/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'money.refund' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'money.checkout' })).toBeNull();
  });

  it('reads the tab, period and search from the address', async () => {
    const urls = show(() => true, '/financials/income/list?tab=sale&from=2026-10-01&to=2026-10-31&search=Lee&page=2');
    await waitFor(() =>
      expect(urls).toContain('/api/v1/payments/sale?page=2&from=2026-10-01&to=2026-10-31&search=Lee'),
    );
    expect(urls).toContain('/api/v1/payments/statistic?from=2026-10-01&to=2026-10-31&services=1');
  });

  it("heads its totals as the whole period's income for every type, with the period in words", async () => {
    show(() => true);
    const totals = await screen.findByRole('region', { name: 'money.totals' });
    expect(totals.querySelector('h2')?.textContent).toBe('money.totalsTitle');
    await waitFor(() =>
      expect(screen.getByTestId('totals-period').textContent).toBe(
        'money.totalsPeriod {"from":"November 1, 2026","to":"November 30, 2026"}',
      ),
    );
    expect(screen.queryByTestId('totals-shown')).toBeNull();
  });

  it('says how many payments the tab and search leave, beside the unfiltered totals', async () => {
    show(() => true, '/financials/income/list?tab=standalone&search=Brown');
    expect(await screen.findByTestId('totals-shown')).toHaveProperty('textContent', 'money.totalsShown {"count":3}');
  });

  it('refunds an amount: all that is left by default, part when typed, never more than is left', async () => {
    const send = jest.fn(async () => ({ message: 'Payment refunded.' }));
    show(() => true, '/financials/income/list', send);
    const row = await screen.findByTestId('payment-2');
    fireEvent.click(within(row).getByRole('button', { name: 'money.refund' }));
    const field = (await screen.findByTestId('refund-amount')) as HTMLInputElement;
    expect(field.value).toBe('20.00');
    expect(screen.getByText('£')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'money.refund' }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: '25' } });
    expect(
      within(dialog).getByText('validation.max_numeric {"field":"fields.refund.amount","max":"£20.00"}'),
    ).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '0' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '5' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith('DELETE', '/api/v1/payments/2', { reason: null, amount: 500 });
  });

  it("shows the server's refusal of the amount on the amount field", async () => {
    const send = jest.fn(async () => {
      throw new HttpError(422, {
        message: 'The amount may not be greater than £15.00.',
        errors: { amount: ['The amount may not be greater than £15.00.'] },
      });
    });
    show(() => true, '/financials/income/list', send);
    fireEvent.click(within(await screen.findByTestId('payment-2')).getByRole('button', { name: 'money.refund' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'money.refund' }));
    expect(await screen.findByText('The amount may not be greater than £15.00.')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('DELETE', '/api/v1/payments/2', { reason: null, amount: 2000 });
  });
});
