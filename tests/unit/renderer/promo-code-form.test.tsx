import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import type { JsonSchema, Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

// Every value passes the page's validator here: what the form sends is what is under test.
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const read = (f: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../../../schemas', f), 'utf8'));
const resource = read('resources/promo-codes.json') as JsonSchema;
const screen: ScreenDef = {
  ...read('screens/admin/promo-code-form.json'),
  schema: { ...resource, 'x-resource': undefined, title: undefined },
};

/** The admin's promo code form, with the host's currency (the admin's region) set to `hostCurrency`. */
function mount(hostCurrency = 'GBP', locale = 'en') {
  const send = jest.fn(async (..._args: unknown[]) => ({ data: { id: 1 } }));
  const manifest = {
    hash: 'h',
    navigation: { areas: [], redirects: [], notFound: '/404' },
    screens: [screen, read('screens/admin/promo-codes.json')],
    resources: {
      'promo-codes': {
        validator: '/v.mjs',
        path: '/api/v1/admin/promo-codes',
        subject: 'PromoCode',
        archivable: false,
        exportFormats: [],
        operations: ['list', 'create', 'show', 'delete'],
      },
    },
  } as unknown as Manifest;
  renderScreen(
    <FormScreen screen={screen} />,
    rendererContext({
      manifest,
      // The form writes a record through the data provider: the client's create, a POST.
      rest: { send, create: (path: string, body: unknown) => send('POST', path, body) } as never,
      widgets: defaultWidgets,
      formContext: { currency: hostCurrency },
      locale,
    }),
    '/admin/promo-codes/form',
  );
  return send;
}

const field = async (name: string) =>
  (await view.findByLabelText(new RegExp(`^fields\\.promo-codes\\.${name}\\b(?!_)`))) as HTMLInputElement;

/** Picks a select's option by its text, as a person does (rjsf's options carry their index as value). */
function choose(select: HTMLInputElement, text: string) {
  const option = [...select.querySelectorAll('option')].find((o) => o.textContent === text);
  fireEvent.change(select, { target: { value: option!.value } });
}

async function save(send: jest.Mock) {
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'actions.save' }));
  });
  await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  return (send.mock.calls[0] as unknown[])[2] as Record<string, unknown>;
}

describe("the admin's promo code form", () => {
  it('takes a fixed amount as money in the currency chosen (5.00), and sends it in minor units', async () => {
    const send = mount('GBP');
    choose(await field('kind'), 'enums.fixed');
    choose(await field('currency'), 'enums.uah');
    const value = await field('value');
    // The amount's sign is the chosen currency's, not the admin's own.
    expect(value.closest('.sf-affix')?.textContent).toBe('₴');
    fireEvent.blur(value, { target: { value: '5.00' } });
    expect(await save(send)).toMatchObject({ kind: 'fixed', currency: 'uah', value: 500 });
  });

  it('keeps a percentage a whole number, with no currency to choose', async () => {
    const send = mount('GBP');
    const value = await field('value');
    expect(view.queryByLabelText(/^fields\.promo-codes\.currency/)).toBeNull();
    expect(value.closest('.sf-affix')).toBeNull();
    fireEvent.change(value, { target: { value: '20' } });
    const body = await save(send);
    expect(body).toMatchObject({ kind: 'percentage', value: 20 });
    expect(body.currency ?? null).toBeNull();
  });
});
