import { render, screen as view, within } from '@testing-library/react';
import giftVouchers from '../../../schemas/screens/gift-vouchers/list.json';
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

const ctx = {
  manifest: {
    hash: 'h',
    screens: [],
    resources: {
      products: { path: '/api/v1/products', subject: 'Product', archivable: false, operations: ['list'] },
      'gift-vouchers': {
        path: '/api/v1/gift-vouchers',
        subject: 'GiftVoucher',
        archivable: true,
        operations: ['list'],
      },
    },
    navigation: { areas: [], redirects: [], notFound: '/404' },
  } as unknown as Manifest,
  rest: {
    peek: () => undefined,
    getList: async (path: string) =>
      path.includes('gift-vouchers')
        ? {
            data: [{ id: 1, title: 'Spa day', code: 'SPA50', amount: 5000, colour: '#f00' }],
            meta: { total: 1, current_page: 1, per_page: 25, last_page: 1 },
          }
        : { data: [], meta: { total: 0, current_page: 1, per_page: 25, last_page: 1 } },
  } as never,
  t: (key: string) => key,
  locale: 'en-GB',
  can: () => true,
  widgets: createRegistry('widget'),
  screenWidgets: createRegistry<ScreenWidget>('screen widget'),
  formContext: { currency: 'GBP' },
  notify: () => undefined,
  confirm: async () => true,
  checkGate: () => null,
  onSession: async () => undefined,
} satisfies RendererContextValue;

const show = (screen: ScreenDef) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <RendererContext.Provider value={ctx}>
          <ListScreen screen={screen} />
        </RendererContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );

it("a list's search field shows the search icon, not a stray glyph, and keeps its label", () => {
  show({
    id: 'products.list',
    kind: 'list',
    route: '/products',
    title: 'Products',
    resource: 'products',
    searchable: true,
  } as ScreenDef);
  const field = view.getByRole('searchbox', { name: 'list.search' });
  const box = field.closest('.MuiInputBase-root')!;
  expect(box.textContent).not.toContain('⌕');
  expect(box.querySelector('svg[data-testid="SearchIcon"]')).not.toBeNull();
});

it("the gift vouchers list shows each voucher's amount in money beside its code", async () => {
  show(giftVouchers as unknown as ScreenDef);
  const list = await view.findByRole('list', { name: 'screens.gift_vouchers.list' });
  const [item] = within(list).getAllByRole('listitem');
  expect(item.textContent).toContain('Spa day');
  expect(item.textContent).toContain('£50.00');
  expect(item.textContent).toContain('SPA50');
});
