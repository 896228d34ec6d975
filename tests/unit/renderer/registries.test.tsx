import type { ReactNode } from 'react';
import { render, screen as view, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { ColumnDef, Manifest, RecordData, ScreenDef } from '../../../packages/renderer/core/types';
import {
  RendererContext,
  type RendererContextValue,
  type ScreenWidget,
} from '../../../packages/renderer/react/context';
import { ScreenErrorBoundary } from '../../../packages/renderer/react/ScreenErrorBoundary';
import DashboardScreen from '../../../packages/renderer/react/screens/DashboardScreen';
import ListScreen from '../../../packages/renderer/react/screens/ListScreen';
import { Cell } from '../../../packages/renderer/react/views/Cell';
import type { CellType, ListViewType } from '../../../packages/renderer/react/views/types';
import { LookProvider } from '../../../packages/renderer/react/look';
import { muiLook } from '../../../packages/renderer/react/shell/mui-look';

/**
 * An integrator extends the renderer without editing it: their own cell types and list views, by the `x-` names
 * schemas give them; a name nobody registered shows on its screen (with the schema path), not a blank app.
 */
const t = (key: string) => key;
const base = {
  manifest: {
    hash: 'h',
    screens: [],
    resources: { clients: { path: '/api/v1/clients', subject: 'Client', archivable: false, operations: ['list'] } },
    navigation: { areas: [], redirects: [], notFound: '/404' },
  } as unknown as Manifest,
  rest: {
    peek: () => undefined,
    getList: async () => ({
      data: [
        { id: 1, first_name: 'Ann', stars: 4 },
        { id: 2, first_name: 'Bo', stars: 2 },
      ],
      meta: { total: 2, current_page: 1, per_page: 25, last_page: 1 },
    }),
  } as never,
  t,
  locale: 'en-GB',
  can: () => true,
  widgets: createRegistry('widget'),
  screenWidgets: createRegistry<ScreenWidget>('screen widget'),
  formContext: {},
  notify: () => undefined,
  confirm: async () => true,
  checkGate: () => null,
  onSession: async () => undefined,
} satisfies RendererContextValue;

const Stars: CellType = ({ value }) => <span data-testid="stars">{'★'.repeat(Number(value))}</span>;
const Board: ListViewType = ({ rows }) => (
  <ol aria-label="board">
    {rows.map((r: RecordData) => (
      <li key={String(r.id)}>{String(r.first_name)}</li>
    ))}
  </ol>
);

function withContext(ctx: RendererContextValue, children: ReactNode) {
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <RendererContext.Provider value={ctx}>
          <LookProvider look={muiLook}>{children}</LookProvider>
        </RendererContext.Provider>
      </MemoryRouter>
    </SWRConfig>
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it("draws a column with the host's own cell type", () => {
  const ctx = { ...base, cellTypes: createRegistry<CellType>('cell type', { 'x-rating': Stars }) };
  const column: ColumnDef = { field: 'stars', type: 'x-rating' };
  render(withContext(ctx, <Cell column={column} record={{ id: 1, stars: 3 }} />));
  expect(view.getByTestId('stars').textContent).toBe('★★★');
});

it('a host cell type can replace a built-in one', () => {
  const Plain: CellType = ({ value }) => <span data-testid="plain-email">{String(value)}</span>;
  const ctx = { ...base, cellTypes: createRegistry<CellType>('cell type', { email: Plain }) };
  render(
    withContext(ctx, <Cell column={{ field: 'email', type: 'email' }} record={{ id: 1, email: 'ann@example.com' }} />),
  );
  expect(view.getByTestId('plain-email').textContent).toBe('ann@example.com');
});

it('names an unregistered cell type and where it is used, inside the screen', () => {
  render(
    withContext(
      base,
      <ScreenErrorBoundary t={t}>
        <Cell column={{ field: 'stars', type: 'x-rating' }} record={{ id: 1, stars: 3 }} />
      </ScreenErrorBoundary>,
    ),
  );
  expect(view.getByRole('alert').textContent).toContain('Unknown cell type "x-rating" at column "stars"');
});

it("shows a list screen's rows in the host's own view", async () => {
  const ctx = { ...base, listViews: createRegistry<ListViewType>('list view', { 'x-board': Board }) };
  const screen = {
    id: 'clients.board',
    kind: 'list',
    route: '/clients/board',
    title: 'Clients',
    resource: 'clients',
    views: ['x-board'],
  } as ScreenDef;
  render(withContext(ctx, <ListScreen screen={screen} />));
  await waitFor(() => expect(view.getByRole('list', { name: 'board' }).textContent).toBe('AnnBo'));
});

it('one dashboard card naming an unknown widget shows which and where; the rest of the dashboard stays', async () => {
  const Hello: ScreenWidget = () => <p>Hello card</p>;
  const ctx = { ...base, screenWidgets: createRegistry<ScreenWidget>('screen widget', { hello: Hello }) };
  const screen = {
    id: 'dash',
    kind: 'dashboard',
    route: '/d',
    title: 'Dashboard',
    cards: [
      { title: 'a', widget: 'nope' },
      { title: 'b', widget: 'hello' },
    ],
  } as ScreenDef;
  render(withContext(ctx, <DashboardScreen screen={screen} />));
  expect(view.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  expect(view.getByRole('alert').textContent).toContain('Unknown screen widget "nope" at screens/dash#/cards/0/widget');
  expect(await view.findByText('Hello card')).toBeTruthy();
});

it('any other failure offers to try again, without the technical message', () => {
  let fail = true;
  const Flaky = () => {
    if (fail) throw new Error('TypeError: x is undefined');
    return <p>Recovered</p>;
  };
  render(
    withContext(
      base,
      <ScreenErrorBoundary t={t}>
        <Flaky />
      </ScreenErrorBoundary>,
    ),
  );
  expect(view.getByRole('alert').textContent).toContain('app.screenFailedText');
  expect(view.getByRole('alert').textContent).not.toContain('undefined');
  fail = false;
  view.getByRole('button', { name: 'app.retry' }).click();
  return waitFor(() => expect(view.getByText('Recovered')).toBeTruthy());
});
