import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ScreenWidget } from '../../../renderer';
import { RendererContext } from '../../../renderer/react/context';
import IncomeList from '../../../src/widgets/income/IncomeList';
import SalesList from '../../../src/widgets/sales/SalesList';
import { WidgetHostContext } from '../../../src/widgets/host';
import { rendererContext } from '../../helpers/renderer-context';

const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } };
const statistic = { from: '2026-10-01', to: '2026-10-31', income: 0, payments: 0, refunds: 0, count: 0 };

function show(Widget: ScreenWidget, path: string, download: jest.Mock) {
  const notify = jest.fn();
  const getJson = jest.fn(async (url: string) => (url.includes('/statistic') ? statistic : empty));
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({ rest: { getJson, download } as never, notify, formContext: { currency: 'GBP' } })}
      >
        <WidgetHostContext.Provider
          value={{
            user: { calendarSettings: { time_zone: 'Europe/London' } } as never,
            reloadUser: async () => undefined,
          }}
        >
          <Router hook={memoryLocation({ path }).hook} searchHook={memoryLocation({ path }).searchHook}>
            <Widget screen={{} as never} />
          </Router>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { notify };
}

const choose = (format: string) => {
  fireEvent.click(screen.getByRole('button', { name: 'money.export' }));
  fireEvent.click(screen.getByRole('menuitem', { name: format }));
};

let saved: string[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('the money lists’ export', () => {
  it('asks for the income list’s tab, period and search in the chosen format and saves the file', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const download = jest.fn(() => new Promise((resolve) => (answer = resolve)));
    show(IncomeList, '/financials/income/list?tab=sale&from=2026-10-01&to=2026-10-31&search=Lee', download);
    choose('money.exportAs.csv');
    expect(download).toHaveBeenCalledWith(
      '/api/v1/payments/export',
      {
        format: 'csv',
        type: 'sale',
        from: '2026-10-01',
        to: '2026-10-31',
        search: 'Lee',
      },
      'POST',
    );
    // While the file is made the button says so and cannot be pressed again.
    const busy = await screen.findByRole('button', { name: /money.exporting/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer({ blob: new Blob(['a']), filename: 'income.csv' });
    await screen.findByRole('button', { name: 'money.export' });
    expect(saved).toEqual(['income.csv']);
  });

  it('sends no type on the all tab and no search when there is none', async () => {
    const download = jest.fn(async () => ({ blob: new Blob(['a']), filename: 'income.xlsx' }));
    show(IncomeList, '/financials/income/list?from=2026-10-01&to=2026-10-31', download);
    choose('money.exportAs.xlsx');
    expect(download).toHaveBeenCalledWith(
      '/api/v1/payments/export',
      {
        format: 'xlsx',
        type: null,
        from: '2026-10-01',
        to: '2026-10-31',
        search: null,
      },
      'POST',
    );
    await waitFor(() => expect(saved).toEqual(['income.xlsx']));
  });

  it('asks for the sales list’s period and search, and tells a failure in a toast', async () => {
    const download = jest.fn(async () => Promise.reject(new Error('Internal')));
    const { notify } = show(
      SalesList,
      '/sales-and-products/sales/list?from=2026-09-01&to=2026-09-30&search=Ann',
      download,
    );
    choose('money.exportAs.pdf');
    expect(download).toHaveBeenCalledWith(
      '/api/v1/sales/export',
      {
        format: 'pdf',
        from: '2026-09-01',
        to: '2026-09-30',
        search: 'Ann',
      },
      'POST',
    );
    await waitFor(() => expect(notify).toHaveBeenCalledWith('money.exportFailed', 'error'));
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'money.export' })).toBeTruthy();
  });
});
