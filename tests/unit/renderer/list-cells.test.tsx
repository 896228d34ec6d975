import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { createRegistry } from '../../../packages/renderer/core/registry';
import { ofKind, type ColumnDef, type Manifest, type ScreenDef } from '../../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import { Cell } from '../../../packages/renderer/react/views/Cell';
import ListView from '../../../packages/renderer/react/views/ListView';

const en = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../src/locales/en.json'), 'utf8'));
/** The app's English texts with i18next-style {{placeholders}}. */
const t = (key: string, values: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], en);
  return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? '')) : key;
};
const context = {
  manifest: { screens: [], resources: {} } as unknown as Manifest,
  rest: {} as never,
  t,
  locale: 'en-GB',
  can: () => true,
  widgets: createRegistry('widget'),
  screenWidgets: createRegistry('screen widget'),
  formContext: { currency: 'GBP' },
  notify: () => undefined,
  confirm: async () => true,
  checkGate: () => null,
  onSession: async () => undefined,
} satisfies RendererContextValue;
const wrapper = ({ children }: { children: ReactNode }) => (
  <RendererContext.Provider value={context}>{children}</RendererContext.Provider>
);

it('the package detail names each included service with its quantity, not its id', () => {
  const detail = JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../schemas/screens/packages/detail.json'), 'utf8'),
  ) as ScreenDef;
  const column = detail.sections!.flatMap((s) => s.fields ?? []).find((c: ColumnDef) => c.field === 'services')!;
  const record = {
    id: 1,
    services: [
      { id: 7, service_id: 5, quantity: 2, service_title: 'Haircut' },
      { id: 8, service_id: 6, quantity: 1, service_title: 'Blow dry' },
    ],
  };
  const { container } = render(<Cell column={column} record={record} />, { wrapper });
  expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['2 × Haircut', '1 × Blow dry']);
  expect(container.textContent).not.toMatch(/\b5\b/);
});

it('the gift voucher detail names its services and products, not their ids', async () => {
  const detail = JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../schemas/screens/gift-vouchers/detail.json'), 'utf8'),
  ) as ScreenDef;
  const lists: Record<string, unknown[]> = {
    '/api/v1/services': [
      { id: 5, title: 'Haircut' },
      { id: 6, title: 'Colour' },
    ],
    '/api/v1/products': [{ id: 2, title: 'Argan oil' }],
  };
  const withLists = {
    ...context,
    manifest: {
      screens: [],
      resources: { services: { path: '/api/v1/services' }, products: { path: '/api/v1/products' } },
    } as unknown as Manifest,
    rest: { getList: async (p: string) => lists[p] } as never,
  };
  const columns = detail.sections!.flatMap((s) => s.fields ?? []);
  const record = { id: 1, service_ids: [6, 5], product_ids: [2, 99] };
  const { container } = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={withLists}>
        {['service_ids', 'product_ids'].map((f) => (
          <p key={f}>
            <Cell column={columns.find((c) => c.field === f)!} record={record} />
          </p>
        ))}
      </RendererContext.Provider>
    </SWRConfig>,
  );
  await waitFor(() =>
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Colour, Haircut',
      'Argan oil, #99',
    ]),
  );
});

it('a list of items writes a date item in words, not as the stored ISO date, and its nested rows by name', () => {
  const column = {
    field: 'sessions',
    type: 'list',
    items: ['date', 'start_time'],
    nested: { field: 'clients', label: 'fields.classes.clients', items: ['first_name', 'last_name'] },
    itemTypes: { date: 'date' },
  } as ColumnDef;
  const record = {
    id: 1,
    sessions: [
      { id: 3, date: '2026-11-25', start_time: '18:00', clients: [{ id: 9, first_name: 'Ann', last_name: 'Lee' }] },
    ],
  };
  const { container } = render(<Cell column={column} record={record} />, { wrapper });
  const item = container.querySelector('li')!.textContent;
  expect(item).toContain('25 Nov 2026 18:00');
  expect(item).toContain('Ann Lee');
  expect(item).not.toContain('2026-11-25');
});

it("a list card's subtitle draws a field of a host's own column type with that type, the others as text", () => {
  const screen = ofKind(
    JSON.parse(fs.readFileSync(path.join(__dirname, '../../../schemas/screens/admin/promo-codes.json'), 'utf8')),
    'list',
  );
  const Percent = ({ record }: { record: Record<string, unknown> }) => <b>{`${String(record.value)} off`}</b>;
  const host = { ...context, cellTypes: createRegistry('cell type', { 'x-discount': Percent }) };
  const { container } = render(
    <RendererContext.Provider value={host}>
      <ListView
        rows={[{ id: 1, code: 'SPRING', kind: 'percentage', value: 20, expires_on: '2026-12-31' }]}
        screen={screen}
        onSort={() => undefined}
        onOpen={() => undefined}
      />
    </RendererContext.Provider>,
  );
  expect(container.querySelector('b')?.textContent).toBe('20 off');
  expect(container.textContent).toContain('SPRING');
  expect(container.textContent).toContain('20 off 31 Dec 2026');
});

it('an email wraps before its @ and its dots, never inside a word', () => {
  const { container } = render(
    <Cell column={{ field: 'email', type: 'email' }} record={{ id: 1, email: 'amelia.evans0@example.co.uk' }} />,
    { wrapper },
  );
  const link = container.querySelector('a')!;
  expect(link.getAttribute('href')).toBe('mailto:amelia.evans0@example.co.uk');
  expect(link.textContent).toBe('amelia.evans0@example.co.uk');
  expect(link.innerHTML).toBe('amelia.evans0<wbr>@example<wbr>.co<wbr>.uk');
});
