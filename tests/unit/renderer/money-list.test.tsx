import { act, fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import income from '../../../schemas/screens/financials/income.json';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import {
  RendererContext,
  type RendererContextValue,
  type ScreenWidget,
} from '../../../packages/renderer/react/context';
import ListScreen from '../../../packages/renderer/react/screens/ListScreen';

/** The income list as declared: a period, tabs with their own routes, the server's totals and a refund dialog. */
const payment = (id: number, more: Record<string, unknown> = {}) => ({
  id,
  date: '2026-11-03',
  client_name: 'Ann Lee',
  type: 'appointment',
  method: 'cash',
  amount: 2000,
  currency: 'GBP',
  status: 'paid',
  refundable: 2000,
  refunded: false,
  online: false,
  ...more,
});

function setup(search = '') {
  const getList = jest.fn(async (path: string, _params: Record<string, unknown>) => ({
    data: path.endsWith('/sale') ? [] : [payment(1), payment(2, { online: true, currency: 'EUR', amount: 1500 })],
    meta: {
      total: 2,
      current_page: 1,
      per_page: 25,
      last_page: 1,
      totals: {
        income: [
          { currency: 'EUR', amount: 1500 },
          { currency: 'GBP', amount: 1500 },
        ],
        received: [],
        refunds: [{ currency: 'GBP', amount: -500 }],
        count: 2,
      },
      tax_year_start: '04-06',
    },
  }));
  const send = jest.fn(async () => ({ message: 'Refunded.' }));
  const download = jest.fn(async () => ({ blob: new Blob(['x']), filename: 'income.csv' }));
  const notify = jest.fn();
  const ctx = {
    manifest: {
      hash: 'h',
      screens: [{ id: 'income.checkout', kind: 'page', route: '/financials/income/checkout', title: 'c' }],
      resources: {
        payments: { path: null, subject: 'Income', archivable: false, operations: [], exportFormats: ['csv', 'pdf'] },
      },
      navigation: { areas: [], redirects: [], notFound: '/404' },
    } as unknown as Manifest,
    rest: { getList, send, download, peek: () => undefined } as never,
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key),
    locale: 'en-GB',
    can: () => true,
    widgets: createRegistry('widget'),
    screenWidgets: createRegistry<ScreenWidget>('screen widget'),
    formContext: { currency: 'GBP', timeZone: 'Europe/London' },
    notify,
    confirm: async () => true,
    checkGate: () => null,
    onSession: async () => undefined,
  } satisfies RendererContextValue;
  const location = { path: `/financials/income/list${search}`, history: [] as string[] };
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter path={location.path} history={location.history}>
        <RendererContext.Provider value={ctx}>
          <ListScreen screen={income as unknown as ScreenDef} />
        </RendererContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );
  return { getList, send, download, notify, location };
}

beforeAll(() => {
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

/** This month, first day to last, where the test runs (no zone is given: the machine's). */
function thisMonth(): { from: string; to: string } {
  const today = new Date().toLocaleDateString('en-CA');
  const [y, m] = today.split('-').map(Number);
  const last = new Date(y, m, 0).getDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

it('lists the period from the address and offers the tax year and quarter once the owner’s start is known', async () => {
  const { from, to } = thisMonth();
  const { getList } = setup(`?from=${from}&to=${to}`);
  await view.findByTestId('row-1');
  expect(getList).toHaveBeenCalledWith('/api/v1/payments', expect.objectContaining({ from, to }));
  const period = view.getByTestId('list-period');
  expect(within(period).getByRole('button', { name: 'period.taxYear' })).toBeTruthy();
  expect(within(period).getByRole('button', { name: 'period.taxQuarter' })).toBeTruthy();
  expect(within(period).getByRole('button', { name: 'period.thisMonth' }).getAttribute('aria-pressed')).toBe('true');
});

it('a tab is a named filter: its own route, and its params go to the export', async () => {
  const { getList, download } = setup('?from=2026-11-01&to=2026-11-30');
  await view.findByTestId('row-1');
  fireEvent.click(view.getByRole('tab', { name: 'money.tabs.sale' }));
  await waitFor(() => expect(getList).toHaveBeenCalledWith('/api/v1/payments/sale', expect.anything()));
  expect(await view.findByText('money.noPayments')).toBeTruthy();
  fireEvent.click(view.getByRole('button', { name: 'list.export' }));
  await act(async () => {
    fireEvent.click(view.getByRole('menuitem', { name: 'list.exportAs.csv' }));
  });
  expect(download).toHaveBeenCalledWith(
    '/api/v1/payments/export',
    { format: 'csv', from: '2026-11-01', to: '2026-11-30', type: 'sale' },
    'POST',
  );
});

it("shows the server's totals in a summary row, money per currency in its own", async () => {
  setup();
  const totals = await view.findByTestId('list-totals');
  await waitFor(() => expect(within(totals).getByText('€15.00 · £15.00')).toBeTruthy());
  expect(totals.querySelector('[data-total="received"]')!.textContent).toBe('£0.00');
  expect(totals.querySelector('[data-total="refunds"]')!.textContent).toBe('-£5.00');
  expect(totals.querySelector('[data-total="count"]')!.textContent).toBe('2');
});

it('refunds a row through its declared dialog: the amount in minor units, at most what is left, and a reason', async () => {
  const { send, notify, getList } = setup();
  const row = await view.findByTestId('row-1');
  // A payment taken online is refunded with its provider: no button.
  expect(within(view.getByTestId('row-2')).queryByRole('button', { name: 'money.refund' })).toBeNull();
  fireEvent.click(within(row).getByRole('button', { name: 'money.refund' }));
  const dialog = await view.findByRole('dialog');
  expect(dialog.textContent).toContain('"amount":"£20.00"');
  expect(dialog.textContent).toContain('"client_name":"Ann Lee"');
  const amount = within(dialog).getByTestId('dialog-amount') as HTMLInputElement;
  expect(amount.value).toBe('20.00');
  fireEvent.change(amount, { target: { value: '25' } });
  expect(dialog.textContent).toContain('validation.max_numeric');
  const submit = within(dialog).getByRole('button', { name: 'money.refund' }) as HTMLButtonElement;
  expect(submit.disabled).toBe(true);
  fireEvent.change(amount, { target: { value: '7.50' } });
  fireEvent.change(within(dialog).getByTestId('dialog-reason'), { target: { value: 'Late' } });
  const reads = getList.mock.calls.length;
  await act(async () => {
    fireEvent.click(submit);
  });
  expect(send).toHaveBeenCalledWith('DELETE', '/api/v1/payments/1', { amount: 750, reason: 'Late' });
  expect(notify).toHaveBeenCalledWith('Refunded.', 'success');
  await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(reads));
  expect(view.queryByRole('dialog')).toBeNull();
});

it('sends no empty search to the export, and tells a failure in a toast', async () => {
  const { download, notify } = setup('?from=2026-10-01&to=2026-10-31');
  download.mockRejectedValueOnce(new Error('boom'));
  await view.findByTestId('row-1');
  fireEvent.click(view.getByRole('button', { name: 'list.export' }));
  await act(async () => {
    fireEvent.click(view.getByRole('menuitem', { name: 'list.exportAs.pdf' }));
  });
  expect(download).toHaveBeenCalledWith(
    '/api/v1/payments/export',
    { format: 'pdf', from: '2026-10-01', to: '2026-10-31' },
    'POST',
  );
  expect(notify).toHaveBeenCalledWith('list.exportFailed', 'error');
  expect((view.getByRole('button', { name: 'list.export' }) as HTMLButtonElement).disabled).toBe(false);
});
