import { fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import { RendererContext } from '../../../packages/renderer/react/context';
import CalendarWidget from '../../../src/widgets/calendar/CalendarWidget';
import type { Appointment } from '../../../src/widgets/calendar/calendar.types';
import { WidgetHostContext } from '../../../src/widgets/host';
import { appTexts } from '../../helpers/app-texts';
import { productManifest } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';

const amelia: Appointment = {
  id: 1,
  type: 'service',
  title: null,
  date: '2026-11-23',
  start_time: '10:00',
  end_time: '11:00',
  duration: 60,
  all_day: false,
  starts_at: '2026-11-23T10:00:00Z',
  ends_at: '2026-11-23T11:00:00Z',
  price: 4500,
  discounted_amount: null,
  payment_status: 'unpaid',
  left_to_pay: 4500,
  source: null,
  location_type: null,
  location_id: null,
  address: null,
  zoom: false,
  zoom_join_url: null,
  notes: null,
  service: { id: 3, title: 'Cut and colour', colour: '#8e24aa' },
  service_id: 3,
  client_ids: [7],
  recurring: null,
  clients: [{ id: 7, first_name: 'Amelia', last_name: 'Stone', main_photo: null, status: 'pending' }],
};

/** Below 768 px (spec §9's md) or not: what MUI's useMediaQuery reads. */
function screenWidth(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

/** The calendar at `path` (its query names the date and view), the owner's week starting on Monday, in UTC. */
function renderCalendar(path: string, { phone = false, defaultView }: { phone?: boolean; defaultView?: string } = {}) {
  screenWidth(phone);
  const context = rendererContext({
    t: appTexts('en'),
    locale: 'en-GB',
    manifest: productManifest(),
    rest: {
      send: async (_method: string, url: string) => ({ data: url.startsWith('/api/v1/appointments') ? [amelia] : [] }),
      peek: () => undefined,
    } as never,
  });
  const user = { calendarSettings: { time_zone: 'UTC', week_starts_on: 1, default_view: defaultView } };
  const location = { path, history: [] as string[] };
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={context}>
        <WidgetHostContext.Provider value={{ user: user as never, reloadUser: async () => null }}>
          <MemoryRouter path={location.path} history={location.history}>
            <CalendarWidget screen={{} as never} />
          </MemoryRouter>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
}

/** The view buttons offered, by their text. */
const views = async () => (await view.findAllByRole('tab')).map((tab) => tab.textContent);
/** The days the calendar shows, as FullCalendar marks its day columns' headers. */
const days = () => [
  ...new Set(
    [...document.querySelectorAll('[role="columnheader"][data-date]')].map((d) => d.getAttribute('data-date')),
  ),
];

describe('the calendar on a phone (below 768 px)', () => {
  it('offers a day, three days and the list instead of the week, and opens on the day', async () => {
    renderCalendar('/appointments/calendar/events?date=2026-11-23', { phone: true, defaultView: 'week' });
    expect(await views()).toEqual(['Day', '3 days', 'List', 'Month']);
    await waitFor(() => expect(days()).toEqual(['2026-11-23']));
    fireEvent.click(view.getByRole('tab', { name: /3 days/ }));
    await waitFor(() => expect(days()).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']));
    fireEvent.click(view.getByRole('button', { name: 'Next 3 days' }));
    await waitFor(() => expect(days()).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']));
  });

  it('shows three days where an address asks for the week (a link made at the desk)', async () => {
    renderCalendar('/appointments/calendar/events?date=2026-11-23&view=timeGridWeek', { phone: true });
    await waitFor(() => expect(days()).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']));
  });

  it('at the desk keeps the day, the week, the month and the list, opening on the week', async () => {
    renderCalendar('/appointments/calendar/events?date=2026-11-25');
    expect(await views()).toEqual(['Day', 'Week', 'Month', 'List']);
    await waitFor(() => expect(days()).toHaveLength(7));
    expect(days()[0]).toBe('2026-11-23');
  });
});

describe("the appointment's dialog", () => {
  it('names the client and the service in its title', async () => {
    renderCalendar('/appointments/calendar/events?date=2026-11-23&view=timeGridDay');
    const event = await view.findByText(/Amelia Stone/);
    fireEvent.click(event);
    const dialog = await view.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Amelia Stone · Cut and colour');
    expect(view.getByRole('dialog', { name: 'Amelia Stone · Cut and colour' })).toBe(dialog);
  });
});
