import { render, screen as view, within } from '@testing-library/react';
import users from '../../../schemas/screens/admin/users.json';
import promoCodes from '../../../schemas/screens/admin/promo-codes.json';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import ListScreen from '../../../packages/renderer/react/screens/ListScreen';
import { RendererContext } from '../../../packages/renderer/react/context';
import { rendererContext } from '../../helpers/renderer-context';

/** The admin's users list: each user's stage in words (an affiliate's "Affiliate", a trashed user's "Deleted"). */
const people = [
  { id: 1, first_name: 'Olivia', last_name: 'Hart', email: 'olivia@example.com', stage: 'subscriber' },
  { id: 2, first_name: 'Pat', last_name: 'Partner', email: 'pat@example.com', stage: 'trial', is_affiliate: true },
  {
    id: 3,
    first_name: 'Gus',
    last_name: 'Gone',
    email: 'gus@example.com',
    stage: 'lapsed',
    is_affiliate: false,
    deleted_at: '2026-11-01T10:00:00Z',
  },
];

const manifest = {
  hash: 'h',
  screens: [],
  resources: {
    'admin-users': { path: '/api/v1/admin/user', subject: 'User', archivable: false, operations: ['list'] },
    'promo-codes': { path: '/api/v1/admin/promo-codes', subject: 'PromoCode', archivable: false, operations: ['list'] },
  },
  navigation: { areas: [], redirects: [], notFound: '/404' },
} as unknown as Manifest;

function show(screen: unknown, path = '/admin/users') {
  const getList = async () => ({ data: people, meta: { total: 3, current_page: 1, per_page: 25, last_page: 1 } });
  const location = { path, history: [] as string[] };
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter path={location.path} history={location.history}>
        <RendererContext.Provider
          value={rendererContext({ manifest, rest: { getList, peek: () => undefined } as never })}
        >
          <ListScreen screen={screen as ScreenDef} />
        </RendererContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

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
// The table draws the rows in view: give its scroll box a desk's size (jsdom lays nothing out).
const sized = ['clientHeight', 'clientWidth'] as const;
beforeAll(() => {
  for (const [name, px] of [
    [sized[0], 600],
    [sized[1], 1000],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => px });
});
afterAll(() => {
  for (const name of sized) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
});
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe("the admin's users list", () => {
  it('calls an affiliate’s stage "Affiliate" and a trashed user’s "Deleted" in the table', async () => {
    phoneWidth(false);
    show(users);
    const table = await view.findByRole('table');
    const stageOf = (name: string) => {
      const row = within(table).getByText(name).closest('tr')!;
      return within(row).getByText(/^enums\./).textContent;
    };
    expect(stageOf('Olivia')).toBe('enums.subscriber');
    expect(stageOf('Pat')).toBe('enums.affiliate');
    expect(stageOf('Gus')).toBe('enums.deleted');
  });

  it('opens as cards on a phone, with each user’s stage, and as the table on a wider screen', async () => {
    phoneWidth(true);
    show(users);
    const list = await view.findByRole('list', { name: 'screens.admin.users' });
    expect(view.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('enums.subscriber'),
      expect.stringContaining('enums.affiliate'),
      expect.stringContaining('enums.deleted'),
    ]);
  });

  it('keeps the view the address names on a phone', async () => {
    phoneWidth(true);
    show(users, '/admin/users?view=table');
    expect(await view.findByRole('table')).toBeTruthy();
  });
});

describe("the admin's promo codes list", () => {
  it('opens as cards on a phone', async () => {
    phoneWidth(true);
    show(promoCodes, '/admin/promo-codes');
    expect(await view.findByRole('list', { name: 'screens.admin.promoCodes' })).toBeTruthy();
    expect(view.queryByRole('table')).toBeNull();
  });
});
