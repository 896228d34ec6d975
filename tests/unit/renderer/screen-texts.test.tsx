import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { render, screen as view, waitFor } from '@testing-library/react';
import { MemoryRouter, Route } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import { createRegistry } from '../../../packages/renderer/core/registry';
import { HttpError } from '../../../packages/renderer/core/rest';
import { ofKind, type JsonSchema, type Manifest, type ScreenDef } from '../../../packages/renderer/core/types';
import { localizeErrors, type AjvError } from '../../../packages/renderer/core/validation';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import { schemaForForm } from '../../../packages/renderer/core/form-schema';
import DetailScreen from '../../../packages/renderer/react/screens/DetailScreen';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { FORMATS } from '../../../src/domain/formats';
import { loadSchemas } from '../../../src/server/engine/schema-registry';
import { LookProvider } from '../../../packages/renderer/react/look';
import { muiLook } from '../../../packages/renderer/react/shell/mui-look';

jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const root = path.join(__dirname, '../../..');
const registry = loadSchemas(path.join(root, 'schemas'));
const locales = Object.fromEntries(
  ['en', 'uk'].map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, 'src/locales', `${l}.json`), 'utf8'))]),
);
/** The app's texts with {{placeholders}} filled; a missing key comes back as the key, as i18next does. */
const translator =
  (lng: 'en' | 'uk') =>
  (key: string, values: Record<string, unknown> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], locales[lng]);
    if (typeof text !== 'string') return typeof values.defaultValue === 'string' ? values.defaultValue : key;
    return text.replace(/\{\{(\w+)(, lowercase)?\}\}/g, (_, k: string, lower?: string) =>
      lower ? String(values[k] ?? '').toLowerCase() : String(values[k] ?? ''),
    );
  };
const formScreens = [...registry.screens.values()].flatMap((s) => (s.kind === 'form' && s.resource ? [s] : []));
const withSchema = (s: ScreenDef<'form'>): ScreenDef<'form'> => ({
  ...s,
  schema: { ...registry.resources.get(s.resource!)!.request, $id: s.resource, title: undefined } as JsonSchema,
});

describe('no developer notes on screens', () => {
  const descriptions = (node: unknown, at = ''): string[] => {
    if (!node || typeof node !== 'object') return [];
    return Object.entries(node).flatMap(([k, v]) =>
      k === 'description' && typeof v === 'string' ? [`${at}: ${v}`] : descriptions(v, `${at}/${k}`),
    );
  };
  it.each(formScreens.map((s) => [s.id, s] as const))('the form %s draws no schema description', (_id, s) => {
    expect(descriptions(schemaForForm(withSchema(s), (k) => k).schema)).toEqual([]);
  });

  it('no text in either language speaks of the spec or API paths', () => {
    const notes: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (typeof node === 'string') {
        if (/§|\/api\/|\bspec\b|\b(GET|PUT|POST|DELETE) \//.test(node)) notes.push(`${at}: ${node}`);
      } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`);
    };
    for (const [lng, texts] of Object.entries(locales)) walk(texts, lng);
    expect(notes).toEqual([]);
  });

  it('no schema description speaks of the spec or API paths either (they reach API docs and screen schemas)', () => {
    const all = [...registry.resources.values()].flatMap((r) => descriptions(r.file, r.name));
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((d) => /§|\/api\/|\bspec\b/.test(d))).toEqual([]);
  });
});

describe('validation messages never show raw keys', () => {
  it.each(['en', 'uk'] as const)('a discount for a fixed period without dates (%s)', (lng) => {
    const t = translator(lng);
    const schema = registry.resources.get('discounts')!.request;
    const validate = new Ajv({
      allErrors: true,
      strict: false,
      verbose: true,
      formats: FORMATS,
      keywords: ['x-message'],
    }).compile({ ...schema, $id: undefined });
    expect(validate({ title: 'Spring', kind: 'percentage', value: 150, period_type: 'fixed_period' })).toBe(false);
    const errors = [...(validate.errors ?? [])] as unknown as AjvError[];
    localizeErrors(errors, t, (f) => t(`fields.discounts.${f}`, { defaultValue: f }), schema.required);
    const messages = errors.map((e) => e.message ?? '');
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m).not.toMatch(/fields\.|validation\.|^The\s+(is|field)\b/);
    expect(messages).toEqual(
      expect.arrayContaining([t('validation.required', { field: t('fields.discounts.starts_on') })]),
    );
  });
});

function renderScreen(screen: ScreenDef, url: string, pattern: string, rest: Record<string, unknown>) {
  const context: RendererContextValue = {
    manifest: {
      hash: 'h',
      navigation: { areas: [], redirects: [], notFound: '/404' },
      screens: [...registry.screens.values()],
      resources: Object.fromEntries(
        [...registry.resources.values()].map((r) => [
          r.name,
          {
            path: r.meta.path ? `/api/v1${r.meta.path}` : undefined,
            validator: '/v.mjs',
            subject: r.meta.subject,
            archivable: r.meta.archivable,
            exportFormats: [],
            operations: [],
          },
        ]),
      ),
    } as unknown as Manifest,
    rest: { getList: async () => [], ...rest } as never,
    t: translator('en'),
    locale: 'en',
    can: () => true,
    widgets: defaultWidgets,
    screenWidgets: createRegistry('screen widget'),
    formContext: { currency: 'GBP' },
    notify: () => undefined,
    confirm: async () => true,
    checkGate: () => null,
    onSession: async () => undefined,
  };
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={context}>
        <LookProvider look={muiLook}>
          <MemoryRouter path={url}>
            <Route path={pattern}>
              {screen.kind === 'detail' ? <DetailScreen screen={screen} /> : <FormScreen screen={screen} />}
            </Route>
          </MemoryRouter>
        </LookProvider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
}

describe('a record that does not exist', () => {
  const missing = async () => {
    throw new HttpError(404, { message: 'No query results for that record.' });
  };
  it.each(['clients.detail', 'packages.detail', 'classes.detail', 'gift-vouchers.detail'])(
    '%s says so in words, with the way back to the list',
    async (id) => {
      const screen = registry.screens.get(id) as unknown as ScreenDef;
      renderScreen(screen, screen.route.replace(':id', '999'), screen.route, { getOne: missing });
      expect(await view.findByRole('heading', { name: 'Not found' })).toBeTruthy();
      expect(view.queryByText('No query results for that record.')).toBeNull();
      const list = [...registry.screens.values()].find((s) => s.kind === 'list' && s.resource === screen.resource)!;
      expect(view.getByRole('link', { name: /^Back to / }).getAttribute('href')).toBe(list.route);
    },
  );

  it('an edit form for a missing record says so too', async () => {
    const screen = withSchema(ofKind(registry.screens.get('clients.form')!, 'form'));
    renderScreen(screen, '/clients/form/999', screen.route, { getOne: missing });
    expect(await view.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(view.getByRole('link', { name: 'Back to Clients' }).getAttribute('href')).toBe('/clients/list');
  });
});

it('online booking settings show the page address with open and copy buttons', async () => {
  const screen = withSchema(ofKind(registry.screens.get('appointments.online-booking')!, 'form'));
  const url = 'https://soloist.example/online-booking/olivia-hart';
  renderScreen(screen, screen.route, screen.route, {
    getJson: async () => ({
      data: { enabled: true, slug: 'olivia-hart', service_ids: [], class_ids: [], package_ids: [], page_url: url },
    }),
  });
  await waitFor(() => expect(view.getByRole('link', { name: url }).getAttribute('href')).toBe(url));
  expect(view.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(url);
  expect(view.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  expect(document.body.textContent).not.toMatch(/§|\/api\//);
});
