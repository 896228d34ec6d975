import path from 'node:path';
import { act, fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import { createRegistry } from '../../../packages/renderer/core/registry';
import { HttpError } from '../../../packages/renderer/core/rest';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { loadSchemas } from '../../../src/server/engine/schema-registry';

// The page imports the server's precompiled validator; here every value passes so the server's answer decides.
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const registry = loadSchemas(path.join(__dirname, '../../../schemas'));
const request = registry.resources.get('appointments')!.request;
const screen = {
  ...registry.screens.get('appointments.form')!,
  schema: { ...request, $id: 'appointments', title: undefined },
} as unknown as ScreenDef;
const calendar = registry.screens.get('appointments.calendar') as unknown as ScreenDef;
const lists: Record<string, unknown[]> = {
  '/api/v1/services': [
    { id: 4, title: 'Haircut', duration: 45, price: 3500 },
    { id: 5, title: 'Colour', duration: 90, price: 9000 },
  ],
  '/api/v1/clients': [
    { id: 9, first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '+447700900123' },
    { id: 10, first_name: 'Bob', last_name: 'Marsh', email: null, phone: '+447700900456' },
    { id: 11, first_name: 'Ann', last_name: 'Marsh', email: null, phone: null },
  ],
  '/api/v1/locations': [],
};

function renderForm(url: string, rest: Record<string, unknown> = {}) {
  const context: RendererContextValue = {
    manifest: {
      hash: 'h',
      navigation: { areas: [], redirects: [], notFound: '/404' },
      screens: [screen, calendar],
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
    rest: { getList: async (p: string) => lists[p] ?? [], ...rest } as never,
    t: (k) => k,
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
        <MemoryRouter path={url}>
          <Route path="/appointments/calendar/form/:id?">
            <FormScreen screen={screen} />
          </Route>
        </MemoryRouter>
      </RendererContext.Provider>
    </SWRConfig>,
  );
}

/** A field's input while it is shown (hidden fields stay in the DOM as hidden inputs). */
const field = (name: string) => {
  const el = document.getElementById(`root_${name}`) as HTMLInputElement | null;
  return el && el.type !== 'hidden' ? el : null;
};
async function chooseService(title: string) {
  const input = await waitFor(() => {
    const el = field('service_id');
    if (!el) throw new Error('no service field yet');
    return el;
  });
  fireEvent.mouseDown(input);
  fireEvent.click(await view.findByRole('option', { name: title }));
}

describe('the appointment form', () => {
  it('marks each field its tour points at (a form’s own fields, not their parts), and its Save button', async () => {
    renderForm('/appointments/calendar/form');
    await waitFor(() => expect(field('service_id')).not.toBeNull());
    const steps = (screen as { tour?: { steps: Array<{ target: string }> } }).tour!.steps;
    expect(steps.length).toBeGreaterThanOrEqual(2);
    for (const { target } of steps) expect(document.querySelectorAll(`[data-tour="${target}"]`)).toHaveLength(1);
    expect(document.querySelector('[data-tour="field-type"]')).toContainElement(field('type'));
    expect(document.querySelector('[data-tour="submit"]')).toHaveAttribute('type', 'submit');
    // The repeat rule's own parts are not marked: only `recurring` is.
    expect(document.querySelector('[data-tour^="field-frequency"], [data-tour^="field-recurring_"]')).toBeNull();
    // A field the form hides (private time has no service) is not on the page, so its step is left out.
    fireEvent.change(field('type')!, { target: { value: '1' } });
    await waitFor(() => expect(document.querySelector('[data-tour="field-service_id"]')).toBeNull());
  });

  it('fills duration and price as soon as a service is chosen', async () => {
    renderForm('/appointments/calendar/form?date=2027-03-01&start_time=10:00');
    await chooseService('Colour');
    await waitFor(() => expect((field('duration') as HTMLInputElement).value).toBe('1'));
    expect((document.getElementById('root_duration-minutes') as HTMLInputElement).value).toBe('30');
    expect((field('price') as HTMLInputElement).value).toBe('90.00');
    await chooseService('Haircut');
    await waitFor(() =>
      expect((document.getElementById('root_duration-minutes') as HTMLInputElement).value).toBe('45'),
    );
    expect((field('price') as HTMLInputElement).value).toBe('35.00');
  });

  it('hides service, clients, price and the client-place location for private and blocked time', async () => {
    renderForm('/appointments/calendar/form');
    await waitFor(() => expect(field('service_id')).not.toBeNull());
    expect(field('client_ids')).not.toBeNull();
    expect(field('price')).not.toBeNull();
    expect(field('location_type')).not.toBeNull();
    for (const type of ['private', 'blocked']) {
      fireEvent.change(field('type')!, { target: { value: String(['service', 'private', 'blocked'].indexOf(type)) } });
      await waitFor(() => expect(field('service_id')).toBeNull());
      expect(field('client_ids')).toBeNull();
      expect(field('price')).toBeNull();
      expect(field('discounted_amount')).toBeNull();
      // Private time has no client, so it cannot be at a client's place.
      expect(field('location_type')).toBeNull();
    }
  });

  it('asks what to apply a change to only when editing one of a series, and offers Cancel', async () => {
    const one = {
      id: 3,
      type: 'private',
      title: 'Gym',
      date: '2027-03-01',
      start_time: '07:00',
      duration: 60,
      recurring: null,
      client_ids: [],
    };
    const { unmount } = renderForm('/appointments/calendar/form/3', { getJson: async () => ({ data: one }) });
    await waitFor(() => expect(field('title')).not.toBeNull());
    expect(field('scope')).toBeNull();
    expect(view.getByRole('button', { name: 'actions.cancel' })).toBeTruthy();
    unmount();
    const ofSeries = {
      ...one,
      recurring: { series_id: 8, frequency: 'weekly', interval: 1, start_date: '2027-03-01', end_date: '2027-03-29' },
    };
    renderForm('/appointments/calendar/form/3', { getJson: async () => ({ data: ofSeries }) });
    await waitFor(() => expect(field('scope')).not.toBeNull());
    fireEvent.change(document.getElementById('root_recurring_end_date')!, { target: { value: '2027-04-26' } });
    expect(field('scope')).not.toBeNull();
  });

  it('clears the server’s “choose a service” error once a service is chosen', async () => {
    const message = 'You need to choose type of service!';
    const send = jest.fn(async () => {
      throw new HttpError(422, { message, errors: { service_id: [message] } });
    });
    const { container } = renderForm('/appointments/calendar/form?date=2027-03-01&start_time=10:00', { send });
    await waitFor(() => expect(field('service_id')).not.toBeNull());
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'actions.save' }));
    });
    await waitFor(() => expect(send).toHaveBeenCalled());
    const fieldBox = () => container.querySelector('#root_service_id__error');
    await waitFor(() => expect(fieldBox()?.textContent).toContain(message));
    await chooseService('Haircut');
    await waitFor(() => expect(fieldBox()?.textContent ?? '').not.toContain(message));
    // The summary above the form goes with the last of the server's errors.
    expect(view.queryAllByText(message)).toHaveLength(0);
    expect(within(container).getByDisplayValue('Haircut')).toBeTruthy();
  });

  it('picks clients by full name with their email or phone, searching surnames too', async () => {
    renderForm('/appointments/calendar/form');
    const input = await waitFor(() => {
      const el = field('client_ids');
      if (!el) throw new Error('no client field yet');
      return el;
    });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'marsh' } });
    const shown = async () =>
      within(await view.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(async () => expect(await shown()).toEqual(['Bob Marsh+447700900456', 'Ann Marsh']));
    fireEvent.change(input, { target: { value: 'lee ann' } });
    await waitFor(async () => expect(await shown()).toEqual(['Ann Leeann@example.com']));
    fireEvent.click(within(view.getByRole('listbox')).getByRole('option'));
    await waitFor(() => expect(view.getByRole('button', { name: /Ann Lee/ })).toBeTruthy());
  });
});
