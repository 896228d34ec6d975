import { render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RendererContext } from '../../../renderer/react/context';
import SalesList from '../../../src/widgets/sales/SalesList';
import { WidgetHostContext } from '../../../src/widgets/host';
import { rendererContext } from '../../helpers/renderer-context';

const sale = (id: number, paid: number, left: number) => ({
  id,
  date: '2026-11-03',
  client: { id: 12, first_name: 'Ann', last_name: 'Lee' },
  total: 5000,
  discount: 0,
  paid,
  left_to_pay: left,
  currency: 'GBP',
  refunded: false,
  items: [{ kind: 'product', title: 'Shampoo', quantity: 1 }],
});

it('shows what each sale was paid and what is left to pay, the sum still owed standing out', async () => {
  const getJson = jest.fn(async () => ({
    data: [sale(1, 5000, 0), sale(2, 2000, 3000)],
    meta: { current_page: 1, last_page: 1, per_page: 25, total: 2 },
  }));
  const location = memoryLocation({ path: '/sales-and-products/sales/list' });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({ rest: { getJson } as never, formContext: { currency: 'GBP' }, t: (k) => k })}
      >
        <WidgetHostContext.Provider
          value={{
            user: { calendarSettings: { time_zone: 'Europe/London' } } as never,
            reloadUser: async () => undefined,
          }}
        >
          <Router hook={location.hook} searchHook={location.searchHook}>
            <SalesList screen={{} as never} />
          </Router>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  const table = await screen.findByRole('table', { name: 'money.sales' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(headers.slice(-2)).toEqual(['money.paid', 'money.left']);
  const paidUp = within(screen.getByTestId('sale-1')).getAllByRole('cell');
  expect(paidUp.slice(-2).map((c) => c.textContent)).toEqual(['£50.00', '£0.00']);
  const halfPaid = within(screen.getByTestId('sale-2')).getAllByRole('cell');
  expect(halfPaid.slice(-2).map((c) => c.textContent)).toEqual(['£20.00', '£30.00']);
  expect(halfPaid.at(-1)!.querySelector('[data-left="owed"]')).not.toBeNull();
  expect(paidUp.at(-1)!.querySelector('[data-left="owed"]')).toBeNull();
});
