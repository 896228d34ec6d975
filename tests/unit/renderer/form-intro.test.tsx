import { act, render, screen as view, waitFor } from '@testing-library/react';
import { MemoryRouter, Route } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import { callParams } from '../../../packages/renderer/core/form-data';
import { HttpError } from '../../../packages/renderer/core/rest';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { RendererContext } from '../../../packages/renderer/react/context';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { rendererContext } from '../../helpers/renderer-context';

jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

/** A form whose intro reads who sent the visitor from a named call, its parameter from the query string. */
const form = {
  id: 'guest.join',
  kind: 'form',
  route: '/join',
  title: 'join.title',
  resource: 'join',
  schema: { $id: 'join', type: 'object', properties: { name: { type: 'string' } } },
  fields: ['name'],
  submit: { method: 'POST', path: '/api/join', label: 'join.send' },
  intro: {
    call: 'hosts.one',
    params: { code: '?from' },
    notes: [
      { text: 'join.byDiscount', tone: 'info', showWhen: { kind: ['discount'] } },
      { text: 'join.by', showWhen: { kind: ['none'] } },
    ],
  },
} as unknown as ScreenDef;

function renderForm(url: string, answer: (url: string) => Promise<unknown>) {
  const send = jest.fn(async (_method: string, path: string) => answer(path));
  const context = rendererContext({
    manifest: {
      hash: 'h',
      navigation: { areas: [], redirects: [], notFound: '/404' },
      screens: [form],
      resources: {
        join: { validator: '/v.mjs', subject: null, archivable: false, exportFormats: [], operations: [] },
      },
      calls: { 'hosts.one': { method: 'GET', path: '/api/hosts/:code' } },
    } as unknown as Manifest,
    rest: { send, peek: () => undefined } as never,
    widgets: defaultWidgets,
    t: ((k: string, o?: Record<string, unknown>) => (o?.first_name ? `${k}(${String(o.first_name)})` : k)) as never,
  });
  const location = { path: url, history: [] as string[] };
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={context}>
        <MemoryRouter path={location.path} history={location.history}>
          <Route path="/join">
            <FormScreen screen={form} />
          </Route>
        </MemoryRouter>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return send;
}

describe('callParams', () => {
  it('reads each parameter from the route or the query, and waits while one has no value', () => {
    const query = new URLSearchParams('from=AB12');
    expect(callParams({ code: '?from' }, {}, query)).toEqual({ code: 'AB12' });
    expect(callParams({ code: '?from', id: ':id' }, { id: '7' }, query)).toEqual({ code: 'AB12', id: '7' });
    expect(callParams({ code: '?from', id: ':id' }, {}, query)).toBeNull();
    expect(callParams({ code: '?other' }, {}, query)).toBeNull();
    expect(callParams(undefined, {}, query)).toEqual({});
  });
});

describe('a form’s intro', () => {
  it('shows the notes its record matches above the form, read from the named call with the query’s value', async () => {
    const send = renderForm('/join?from=AB12', async () => ({ data: { first_name: 'Ann', kind: 'discount' } }));
    expect(await view.findByText('join.byDiscount(Ann)')).toBeTruthy();
    expect(view.queryByText('join.by(Ann)')).toBeNull();
    expect(send).toHaveBeenCalledWith('GET', '/api/hosts/AB12', undefined);
    expect(view.getByRole('button', { name: 'join.send' })).toBeTruthy();
  });

  it('asks nothing and shows nothing without the parameter', async () => {
    const send = renderForm('/join', async () => ({ data: { first_name: 'Ann', kind: 'none' } }));
    expect(await view.findByRole('button', { name: 'join.send' })).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(view.queryByText(/join\.by/)).toBeNull();
  });

  it('shows nothing when the call fails (an unknown code), and the form stays usable', async () => {
    const send = renderForm('/join?from=NOPE', async () => {
      throw new HttpError(404, { message: 'Not found.' });
    });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    expect(view.queryByText(/join\.by/)).toBeNull();
    expect(view.getByRole('button', { name: 'join.send' })).toBeTruthy();
    expect((view.getByRole('button', { name: 'join.send' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
