import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { render, screen as view } from '@testing-library/react';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { ColumnDef, Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import { Cell } from '../../../packages/renderer/react/views/Cell';
import GalleryView from '../../../packages/renderer/react/views/GalleryView';
import ListView from '../../../packages/renderer/react/views/ListView';
import { discoverSchemaFiles } from '../../../schemas';

const schemasDir = path.join(__dirname, '../../../schemas');
const screens = discoverSchemaFiles(schemasDir).screens.map(
  (f) => JSON.parse(fs.readFileSync(path.join(schemasDir, f), 'utf8')) as ScreenDef,
);
const moneyColumns = (s: ScreenDef): ColumnDef[] =>
  [
    ...(s.columns ?? []),
    ...(s.sections ?? []).flatMap((x) => x.fields ?? []),
    ...(s.related ?? []).flatMap((r) => r.columns),
  ].filter((c) => c.type === 'money');
const withMoney = screens.filter((s) => (s.kind === 'list' || s.kind === 'detail') && moneyColumns(s).length > 0);

function wrapperFor(locale: string, currency: string) {
  const context: RendererContextValue = {
    manifest: {
      hash: 'h',
      navigation: { areas: [], redirects: [], notFound: '/404' },
      screens: [],
      resources: {},
    } as unknown as Manifest,
    rest: {} as never,
    t: (k) => k,
    locale,
    can: () => true,
    widgets: createRegistry('widget'),
    screenWidgets: createRegistry('screen widget'),
    formContext: { currency },
    notify: () => undefined,
    confirm: async () => true,
    checkGate: () => null,
    onSession: async () => undefined,
  };
  return ({ children }: { children: ReactNode }) => (
    <RendererContext.Provider value={context}>{children}</RendererContext.Provider>
  );
}

describe('money in lists, tables and details', () => {
  it('finds the screens with money (services, products, classes, packages, vouchers, client history)', () => {
    const ids = withMoney.map((s) => s.id);
    for (const id of [
      'services.list',
      'products.list',
      'classes.list',
      'packages.list',
      'gift-vouchers.list',
      'packages.detail',
    ])
      expect(ids).toContain(id);
  });

  describe.each(withMoney.map((s) => [s.id, s] as const))('%s', (_id, screen) => {
    it.each(moneyColumns(screen).map((c) => [c.field, c] as const))(
      'shows %s in major units with the owner’s currency',
      (field, column) => {
        const { unmount } = render(<Cell column={column} record={{ id: 1, [field]: 9000 }} />, {
          wrapper: wrapperFor('en-GB', 'GBP'),
        });
        expect(document.body.textContent).toBe('£90.00');
        unmount();
        render(<Cell column={column} record={{ id: 1, [field]: 1850 }} />, { wrapper: wrapperFor('uk', 'UAH') });
        expect(document.body.textContent?.replace(/\s/g, ' ')).toBe('18,50 ₴');
      },
    );
  });

  const listsWithMoneyCards = screens.flatMap((s) =>
    s.kind === 'list' &&
    [...(s.card?.title ?? []), ...(s.card?.subtitle ?? [])].some((f) => moneyColumns(s).some((c) => c.field === f))
      ? [s]
      : [],
  );

  it('covers every list whose card shows a price', () => {
    expect(listsWithMoneyCards.map((s) => s.id).sort()).toEqual(
      expect.arrayContaining(['classes.list', 'packages.list', 'products.list', 'services.list']),
    );
  });

  describe.each(listsWithMoneyCards.map((s) => [s.id, s] as const))('%s cards', (_id, screen) => {
    const record = Object.fromEntries([
      ['id', 7],
      ...[...(screen.card?.title ?? []), ...(screen.card?.subtitle ?? [])].map((f) => [
        f,
        moneyColumns(screen).some((c) => c.field === f) ? 9500 : 'Colour',
      ]),
    ]);
    it.each([
      ['list', ListView],
      ['gallery', GalleryView],
    ] as const)('the %s view formats the price', (_kind, View) => {
      render(<View rows={[record]} screen={screen} onSort={() => undefined} onOpen={() => undefined} />, {
        wrapper: wrapperFor('en-GB', 'GBP'),
      });
      expect(view.getAllByText(/£95\.00/).length).toBeGreaterThan(0);
      expect(document.body.textContent).not.toContain('9500');
    });
  });
});
