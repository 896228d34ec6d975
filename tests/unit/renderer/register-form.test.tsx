import path from 'node:path';
import Ajv from 'ajv';
import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { FORMATS } from '../../../src/domain/formats';
import { loadSchemas } from '../../../src/server/engine/schema-registry';
import { SCHEMA_KEYWORDS } from '../../../src/server/engine/schema-keywords';
import type { JsonSchema, Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

/**
 * The registration form as the browser gets it: the request schema the server serves, checked by a validator
 * compiled as the server compiles the browser's (its keywords and formats), so what the page refuses is the schema's.
 */
const registry = loadSchemas(path.join(__dirname, '../../../schemas'));
const request = registry.resources.get('register')!.request;
const mockValidate = new Ajv({
  allErrors: true,
  strict: false,
  verbose: true,
  formats: FORMATS,
  keywords: SCHEMA_KEYWORDS,
}).compile(request);
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => mockValidate,
}));

const screen = {
  ...registry.screens.get('auth.register')!,
  schema: { ...request, $id: 'register', title: undefined } as JsonSchema,
} as unknown as ScreenDef;

const CURRENCIES = [
  { code: 'GBP', name: 'British Pound', symbol: '£', minor_digits: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', minor_digits: 2 },
];

const COUNTRIES = [
  { code: 'FR', name: 'France', calling_code: '+33' },
  { code: 'DE', name: 'Germany', calling_code: '+49' },
];

function mount() {
  // The lists of currencies and countries are named calls' GETs; the form's submit a POST.
  const send = jest.fn(async (method: string, path?: string, _body?: unknown) =>
    method === 'GET' ? { data: path?.endsWith('/countries') ? COUNTRIES : CURRENCIES } : {},
  );
  const manifest = {
    hash: 'h',
    navigation: { areas: [], redirects: [], notFound: '/404' },
    screens: [screen, registry.screens.get('auth.login')],
    calls: {
      'data.currencies': { method: 'GET', path: '/api/v1/data/currencies' },
      'data.countries': { method: 'GET', path: '/api/v1/data/countries' },
    },
    resources: {
      register: { validator: '/v.mjs', subject: null, archivable: false, exportFormats: [], operations: [] },
    },
  } as unknown as Manifest;
  // Messages name their key and field, so the test reads which rule spoke about which field.
  const t = ((k: string, o?: { field?: string }) => (o?.field ? `${k}(${o.field})` : k)) as never;
  renderScreen(
    <FormScreen screen={screen} />,
    rendererContext({
      manifest,
      rest: { send, peek: () => undefined } as never,
      widgets: defaultWidgets,
      t,
    }),
    '/register',
  );
  return send;
}

const field = async (name: string) =>
  (await view.findByLabelText(new RegExp(`^fields\\.register\\.${name}\\b(?!_)`))) as HTMLInputElement;

describe('the registration form', () => {
  it('starts with the region GB chosen (spec §9), and sends it', async () => {
    const send = mount();
    const region = (await field('region')) as unknown as HTMLSelectElement;
    expect(region.selectedOptions[0]?.textContent).toBe('enums.GB');
    // A region is always chosen: no blank choice to fall back on.
    expect([...region.options].map((o) => o.textContent)).toEqual(['enums.GB', 'enums.UA', 'enums.OTHER']);
    // The currency and the country are asked only in region OTHER.
    expect(view.queryByLabelText(/^fields\.register\.currency/)).toBeNull();
    expect(view.queryByLabelText(/^fields\.register\.country/)).toBeNull();
    for (const [name, value] of Object.entries({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.test',
      password: 'Secret-pass-1',
      password_confirmation: 'Secret-pass-1',
    }))
      fireEvent.change(await field(name), { target: { value } });
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'actions.startTrial' }));
    });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith('POST', '/api/register', expect.objectContaining({ region: 'GB' }));
  });

  it('tells of a short password and a mismatched confirmation together, before sending anything', async () => {
    const send = mount();
    for (const [name, value] of Object.entries({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.test',
      password: 'Sh0rt',
      password_confirmation: 'Other',
    }))
      fireEvent.change(await field(name), { target: { value } });
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'actions.startTrial' }));
    });
    expect(await view.findByText('validation.min_string(fields.register.password)')).toBeTruthy();
    expect(view.getByText('validation.confirmed(fields.register.password)')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('asks an owner in region OTHER for their currency and country, from the lists, and sends those chosen', async () => {
    const send = mount();
    fireEvent.change(await field('region'), { target: { value: '2' } });
    const currency = (await field('currency')) as unknown as HTMLSelectElement;
    await waitFor(() => expect(currency.options).toHaveLength(3));
    // Nothing is chosen until the owner chooses.
    expect([...currency.options].map((o) => o.textContent)).toEqual(['—', 'British Pound · GBP', 'Euro · EUR']);
    expect(currency.value).toBe('');
    const country = (await field('country')) as unknown as HTMLSelectElement;
    await waitFor(() => expect(country.options).toHaveLength(3));
    expect([...country.options].map((o) => o.textContent)).toEqual(['—', 'France', 'Germany']);
    for (const [name, value] of Object.entries({
      first_name: 'Inès',
      last_name: 'Lefèvre',
      email: 'ines@example.test',
      password: 'Secret-pass-1',
      password_confirmation: 'Secret-pass-1',
    }))
      fireEvent.change(await field(name), { target: { value } });
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'actions.startTrial' }));
    });
    expect(await view.findByText(/validation\.required\(fields\.register\.currency\)/)).toBeTruthy();
    expect(await view.findByText(/validation\.required\(fields\.register\.country\)/)).toBeTruthy();
    const posts = () => send.mock.calls.filter(([method]) => method === 'POST');
    expect(posts()).toHaveLength(0);
    fireEvent.change(currency, { target: { value: '1' } });
    fireEvent.change(country, { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'actions.startTrial' }));
    });
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(send).toHaveBeenCalledWith(
      'POST',
      '/api/register',
      expect.objectContaining({ region: 'OTHER', currency: 'EUR', country: 'DE' }),
    );
  });
});
