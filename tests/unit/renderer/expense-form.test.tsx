import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import {
  ofKind,
  type ColumnDef,
  type JsonSchema,
  type Manifest,
  type ScreenDef,
} from '../../../packages/renderer/core/types';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { RendererContext } from '../../../packages/renderer/react/context';
import { Cell } from '../../../packages/renderer/react/views/Cell';
import ListView from '../../../packages/renderer/react/views/ListView';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

// The page imports the server's precompiled validator; here every value passes.
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const root = path.join(__dirname, '../../..');
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(root, f), 'utf8'));
const { 'x-resource': _meta, ...resource } = read('schemas/resources/expenses.json') as JsonSchema;
const form: ScreenDef = { ...read('schemas/screens/expenses/form.json'), schema: resource };
const manifest = {
  hash: 'h',
  navigation: { areas: [], redirects: [], notFound: '/404' },
  screens: [form, read('schemas/screens/expenses/list.json')],
  resources: {
    expenses: { path: '/api/v1/expenses', validator: '/v.mjs', subject: 'Expense', archivable: false, operations: [] },
  },
} as unknown as Manifest;

function mountForm(timeZone: string, send = jest.fn(async (..._args: unknown[]) => ({ data: { id: 1 } }))) {
  return renderScreen(
    <FormScreen screen={form} />,
    rendererContext({
      manifest,
      // The form writes a record through the data provider: the client's create, a POST.
      rest: { send, create: (path: string, body: unknown) => send('POST', path, body) } as never,
      widgets: defaultWidgets,
      formContext: { currency: 'GBP', timeZone },
    }),
    '/financials/expenses/form',
  );
}
const starred = (container: HTMLElement, field: string) =>
  Boolean(container.querySelector(`label[for="root_${field}"] .sf-required`));

describe('the expense form', () => {
  it('stars the fields an expense needs, and a trip’s once the type is a trip', async () => {
    const { container } = mountForm('Europe/London');
    await view.findByLabelText(/^fields\.expenses\.amount/);
    expect(['date', 'category', 'amount'].map((f) => starred(container, f))).toEqual([true, true, true]);
    expect(starred(container, 'title')).toBe(false);
    // The choices are by position: expense, mileage.
    fireEvent.change(container.querySelector('#root_type')!, { target: { value: '1' } });
    await waitFor(() => expect(starred(container, 'miles')).toBe(true));
    expect(starred(container, 'from_location')).toBe(true);
    expect(starred(container, 'to_location')).toBe(true);
    expect(container.querySelector('#root_amount')).toBeNull();
  });

  // Two zones a day apart whatever the hour: at least one of them is not the browser's day.
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])('starts on today in the business’s zone (%s)', async (zone) => {
    const send = jest.fn(async (..._args: unknown[]) => ({ data: { id: 1 } }));
    mountForm(zone, send);
    await view.findByLabelText(/^fields\.expenses\.amount/);
    fireEvent.click(view.getByRole('button', { name: 'actions.save' }));
    const today = new Date().toLocaleDateString('en-CA', { timeZone: zone });
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith('POST', '/api/v1/expenses', expect.objectContaining({ date: today }));
  });

  it('shows a receipt’s icon where the receipt will be, not a person', async () => {
    const { container } = mountForm('Europe/London');
    await view.findByLabelText(/^fields\.expenses\.amount/);
    const field = container.querySelector('#root_receipt')!.closest('.sf-field') as HTMLElement;
    expect(field.querySelector('[data-testid="ReceiptLongOutlinedIcon"]')).not.toBeNull();
    expect(field.querySelector('[data-testid="PersonIcon"]')).toBeNull();
    expect(within(field).getByRole('button', { name: 'actions.uploadFile' })).toBeTruthy();
  });
});

const en = read('src/locales/en.json');
/** The app's English texts, with i18next's plural forms and {{placeholders}}. */
const t = (key: string, values: Record<string, unknown> = {}) => {
  const at = (k: string) => k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)?.[p], en);
  const form = typeof values.count === 'number' ? new Intl.PluralRules('en').select(values.count) : null;
  const text = (form && at(`${key}_${form}`)) ?? at(key);
  return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? '')) : key;
};

describe('the expense list', () => {
  const list = ofKind(read('schemas/screens/expenses/list.json'), 'list');
  const trip = { id: 1, type: 'mileage', category: 'travel', title: 'To a wedding', miles: 8.4, recurrence: 'monthly' };
  const once = { id: 2, type: 'expense', category: 'rent', title: 'Chair', miles: null, recurrence: 'never' };
  const context = rendererContext({ t: t as never, locale: 'en-GB', formContext: { currency: 'GBP' } });
  const cell = (field: string, record: Record<string, unknown>) => {
    const column = list.columns!.find((c) => c.field === field) as ColumnDef;
    return render(
      <RendererContext.Provider value={context}>
        <Cell column={column} record={record} />
      </RendererContext.Provider>,
    ).container.textContent;
  };

  it('writes a trip’s miles with their unit and the repeat in words; a one-off’s repeat is left blank', () => {
    expect(cell('miles', trip)).toBe('8.4 mi');
    expect(cell('recurrence', trip)).toBe('Monthly');
    expect(cell('recurrence', once)).toBe('—');
  });

  it('says the same on each card, and nothing of a one-off’s repeat', () => {
    render(
      <RendererContext.Provider value={context}>
        <ListView rows={[trip, once]} screen={list} onSort={() => undefined} onOpen={() => undefined} />
      </RendererContext.Provider>,
    );
    const [first, second] = view.getAllByRole('listitem');
    expect(first.textContent).toContain('8.4 mi');
    expect(first.textContent).toContain('Monthly');
    expect(second.textContent).not.toMatch(/repeat|never/i);
  });
});
