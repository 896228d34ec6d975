import { act, fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import saleDetail from '../../../schemas/screens/sales/detail.json';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import DetailScreen from '../../../packages/renderer/react/screens/DetailScreen';
import { LookProvider } from '../../../packages/renderer/react/look';
import { muiLook } from '../../../packages/renderer/react/shell/mui-look';

/**
 * A sale's page as declared: read from its own route, its payments a related list with their totals and a refund per
 * row, the sale's refund asked in a small dialog, and the checkout for the rest opened for the sale's client.
 */
const sale = {
  id: 9,
  date: '2026-11-03',
  client_id: 4,
  client_name: 'Ann Lee',
  items: [{ kind: 'product', title: 'Shampoo', quantity: 2, unit_price: 400, total: 800 }],
  amount: 800,
  discount: 0,
  paid: 300,
  left_to_pay: 500,
  currency: 'GBP',
  status: 'owing',
  cancellable: false,
  refundable: true,
  cancelled_at: null,
  cancel_reason: null,
};

function setup() {
  const getJson = jest.fn(async (url: string) =>
    url.startsWith('/api/v1/sales/')
      ? { data: sale }
      : {
          data: [
            {
              id: 31,
              date: '2026-11-03',
              method: 'cash',
              amount: 300,
              currency: 'GBP',
              status: 'paid',
              refundable: 300,
              refunded: false,
              online: false,
            },
          ],
          meta: {
            total: 1,
            current_page: 1,
            per_page: 25,
            last_page: 1,
            totals: { income: [{ currency: 'GBP', amount: 300 }], refunds: [], count: 1 },
          },
        },
  );
  const send = jest.fn(async () => ({ message: 'Sale refunded.' }));
  const location = { path: '/sales-and-products/sales/9', history: [] as string[] };
  const screen = saleDetail as unknown as ScreenDef;
  const context: RendererContextValue = {
    manifest: {
      hash: 'h',
      screens: [screen, { id: 'income.checkout', kind: 'page', route: '/financials/income/checkout', title: 'c' }],
      resources: { sales: { path: null, subject: 'Sale', archivable: false, operations: [] } },
      navigation: { areas: [], redirects: [], notFound: '/404' },
    } as unknown as Manifest,
    rest: { getJson, send } as never,
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key),
    locale: 'en-GB',
    can: () => true,
    widgets: createRegistry('widget'),
    screenWidgets: createRegistry('screen widget'),
    formContext: { currency: 'GBP' },
    notify: () => undefined,
    confirm: async () => true,
    checkGate: () => null,
    onSession: async () => undefined,
  };
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter path={location.path} history={location.history}>
        <RendererContext.Provider value={context}>
          <LookProvider look={muiLook}>
            <Route path="/sales-and-products/sales/:id">
              <DetailScreen screen={screen} />
            </Route>
          </LookProvider>
        </RendererContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );
  return { getJson, send, location };
}

it('reads the sale from its route and its payments with their totals, each payment with its refund', async () => {
  const { getJson } = setup();
  expect(await view.findByRole('heading', { name: /Ann Lee/ })).toBeTruthy();
  expect(getJson).toHaveBeenCalledWith('/api/v1/sales/9');
  const payments = await view.findByRole('region', { name: 'money.payments' });
  await waitFor(() => expect(within(payments).getByTestId('list-totals').textContent).toContain('£3.00'));
  expect(getJson).toHaveBeenCalledWith('/api/v1/payments?sale_id=9');
  expect(within(payments).getByRole('button', { name: 'money.refund' })).toBeTruthy();
  // Something was paid: refunded, not cancelled.
  expect(view.queryByRole('button', { name: 'money.cancelSale' })).toBeNull();
});

it("asks the sale's refund in its dialog, with what was paid, and sends the reason", async () => {
  const { send, getJson } = setup();
  fireEvent.click(await view.findByRole('button', { name: 'money.refundSale' }));
  const dialog = await view.findByRole('dialog');
  expect(dialog.textContent).toContain('"paid":"£3.00"');
  fireEvent.change(within(dialog).getByTestId('dialog-reason'), { target: { value: 'Returned' } });
  const reads = getJson.mock.calls.length;
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'money.refundSale' }));
  });
  expect(send).toHaveBeenCalledWith('DELETE', '/api/v1/sales/9', { reason: 'Returned' });
  await waitFor(() => expect(getJson.mock.calls.length).toBeGreaterThan(reads));
});

it("opens the checkout for the rest with the sale's client and the sale, coming back here", async () => {
  const { location } = setup();
  fireEvent.click(await view.findByRole('button', { name: 'money.checkoutRest' }));
  const last = location.history!.at(-1)!;
  expect(last).toBe('/financials/income/checkout?client_id=4&sale_id=9&back=%2Fsales-and-products%2Fsales%2F9');
});
