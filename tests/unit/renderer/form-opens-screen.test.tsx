import path from 'node:path';
import { act, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { MemoryRouter, Route } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { RendererContext } from '../../../packages/renderer/react/context';
import { loadSchemas } from '../../../src/server/engine/schema-registry';
import { rendererContext } from '../../helpers/renderer-context';

// The page imports the server's precompiled validator; here every value passes so the server's answer decides.
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const registry = loadSchemas(path.join(__dirname, '../../../schemas'));
const form = {
  ...registry.screens.get('appointments.form')!,
  schema: { ...registry.resources.get('appointments')!.request, $id: 'appointments', title: undefined },
} as unknown as ScreenDef;
const calendar = registry.screens.get('appointments.calendar') as unknown as ScreenDef;

/** The appointment form at `url`; the server answers a save with `saved`. Returns where the page went. */
function renderForm(url: string, saved: Record<string, unknown>) {
  const location = { path: url, history: [] as string[] };
  const send = jest.fn(async () => ({ data: saved, message: 'Created successfully.' }));
  const context = rendererContext({
    manifest: {
      hash: 'h',
      navigation: { areas: [], redirects: [], notFound: '/404' },
      screens: [form, calendar],
      resources: {
        appointments: {
          validator: '/v.mjs',
          subject: 'Appointment',
          archivable: false,
          exportFormats: [],
          operations: [],
        },
        services: { path: '/api/v1/services' },
        clients: { path: '/api/v1/clients' },
        locations: { path: '/api/v1/locations' },
      },
    } as unknown as Manifest,
    rest: { getList: async () => [], getJson: async () => ({ data: saved }), send } as never,
    widgets: defaultWidgets,
    formContext: { currency: 'GBP' },
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={context}>
        <MemoryRouter path={location.path} history={location.history}>
          <Route path="/appointments/calendar/form/:id?">
            <FormScreen screen={form} />
          </Route>
        </MemoryRouter>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { send, at: () => location.history.at(-1) };
}

describe('saving an appointment', () => {
  it('opens the calendar on its date', async () => {
    const saved = { id: 12, type: 'private', title: 'Gym', date: '2027-03-04', start_time: '07:00', duration: 60 };
    const { send, at } = renderForm('/appointments/calendar/form?date=2027-03-04&start_time=07:00', saved);
    await waitFor(() => expect(document.getElementById('root_title')).not.toBeNull());
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'actions.save' }));
    });
    await waitFor(() => expect(send).toHaveBeenCalled());
    await waitFor(() => expect(at()).toBe('/appointments/calendar/events?date=2027-03-04'));
  });

  it('opens the calendar on the new date of an appointment moved to another day', async () => {
    const saved = { id: 12, type: 'private', title: 'Gym', date: '2027-05-20', start_time: '07:00', duration: 60 };
    const { at } = renderForm('/appointments/calendar/form/12', saved);
    await waitFor(() => expect(document.getElementById('root_title')).not.toBeNull());
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'actions.save' }));
    });
    await waitFor(() => expect(at()).toBe('/appointments/calendar/events?date=2027-05-20'));
  });
});
