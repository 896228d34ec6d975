import { render, screen as view, within } from '@testing-library/react';
import { MemoryRouter, Route } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import DetailScreen from '../../../packages/renderer/react/screens/DetailScreen';
import { LookProvider } from '../../../packages/renderer/react/look';
import { muiLook } from '../../../packages/renderer/react/shell/mui-look';

/** A record page's related lists: a table on wide screens; on a phone each row a card with every value shown. */
const texts: Record<string, string> = {
  'money.date': 'Date',
  'money.method': 'Method',
  'money.amount': 'Amount',
  'money.refundedChip': 'Refunded',
  payments: 'Payments',
};
const screen = {
  id: 'clients.detail',
  kind: 'detail',
  route: '/clients/:id',
  title: 'Client',
  resource: 'clients',
  header: { title: ['first_name'] },
  related: [
    {
      id: 'payments',
      title: 'payments',
      source: '/api/v1/payments?client_id={id}',
      columns: [
        { field: 'date', label: 'money.date' },
        { field: 'method', label: 'money.method' },
        { field: 'amount', type: 'money', label: 'money.amount' },
        { field: 'refunded', type: 'boolean', label: 'money.refundedChip' },
      ],
    },
  ],
} as unknown as ScreenDef;

const context: RendererContextValue = {
  manifest: {
    hash: 'h',
    screens: [screen],
    resources: { clients: { path: '/api/v1/clients', subject: 'Client', archivable: false, operations: [] } },
    navigation: { areas: [], redirects: [], notFound: '/404' },
  } as unknown as Manifest,
  rest: {
    getOne: async () => ({ data: { id: 7, first_name: 'Ann' } }),
    getJson: async () => ({
      data: [{ id: 1, date: '2026-11-02', method: 'card', amount: 1250, refunded: false }],
      meta: { total: 1, current_page: 1, per_page: 25, last_page: 1 },
    }),
  } as never,
  t: (key: string) => texts[key] ?? key,
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

const renderPage = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={context}>
        <LookProvider look={muiLook}>
          <MemoryRouter path={'/clients/7'}>
            <Route path="/clients/:id">
              <DetailScreen screen={screen} />
            </Route>
          </MemoryRouter>
        </LookProvider>
      </RendererContext.Provider>
    </SWRConfig>,
  );

function phoneWidth(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

it('on a phone each payment is a card with its amount and every other value under its name', async () => {
  phoneWidth(true);
  renderPage();
  const list = await view.findByRole('list', { name: 'Payments' });
  const [card] = within(list).getAllByRole('listitem');
  const terms = within(card)
    .getAllByRole('term')
    .map((el) => el.textContent);
  expect(terms).toEqual(['Date', 'Method', 'Amount', 'Refunded']);
  const amount = within(card).getAllByRole('definition')[2];
  expect(amount.textContent).toBe('£12.50');
  expect(view.queryByRole('table')).toBeNull();
});

it('on a wide screen the payments are a table with every column named', async () => {
  phoneWidth(false);
  renderPage();
  const table = await view.findByRole('table', { name: 'Payments' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((el) => el.textContent),
  ).toEqual(['Date', 'Method', 'Amount', 'Refunded']);
  expect(within(table).getByText('£12.50')).toBeTruthy();
});

it('reads a long list a page at a time', async () => {
  phoneWidth(false);
  const asked: string[] = [];
  const getJson = context.rest.getJson;
  context.rest.getJson = (async (path: string) => {
    asked.push(path);
    const page = /page=(\d+)/.exec(path)?.[1] ?? '1';
    return {
      data: [
        { id: Number(page), date: '2026-11-02', method: page === '2' ? 'cash' : 'card', amount: 100, refunded: false },
      ],
      meta: { total: 26, current_page: Number(page), per_page: 25, last_page: 2 },
    };
  }) as never;
  renderPage();
  await view.findByText('card');
  // The page buttons are named by the host's texts ('detail.page' with the number as a value, here the key).
  view.getAllByRole('button', { name: 'detail.page' })[1].click();
  expect(await view.findByText('cash')).toBeTruthy();
  expect(asked).toEqual(['/api/v1/payments?client_id=7', '/api/v1/payments?client_id=7&page=2']);
  context.rest.getJson = getJson;
});
