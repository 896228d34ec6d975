import { screen as view } from '@testing-library/react';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import type { ComponentProps } from 'react';
import type { ScreenWidget } from '../../../packages/renderer/react/context';
import { muiScreenKinds } from '../../../packages/renderer/react/shell/mui-look';
import { firstWidgets } from '../../../packages/renderer/react/first-screen';
import PageScreen from '../../../packages/renderer/react/screens/PageScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

/**
 * The page kind draws one registered screen widget across the whole main area, under the page's title, its links
 * (each only where the rules allow) and its period; the widget gets the screen and a card made of the page.
 */
const page = {
  id: 'appointments.calendar',
  kind: 'page',
  route: '/calendar',
  title: 'Calendar',
  resource: 'appointments',
  widget: 'x-calendar',
  source: '/api/v1/data/analytics?from={from}&to={to}',
  links: [
    { id: 'new', label: 'New appointment', kind: 'navigate', screen: 'appointments.form', permission: 'create' },
    { id: 'export', label: 'Export', kind: 'navigate', screen: 'appointments.form', permission: 'export' },
  ],
} as unknown as ScreenDef;

const manifest = {
  hash: 'h',
  navigation: { areas: [], redirects: [], notFound: '/404' },
  screens: [{ id: 'appointments.form', kind: 'form', route: '/appointments/form', title: 'Form' }],
  resources: { appointments: { subject: 'Appointment', path: '/api/v1/appointments' } },
} as unknown as Manifest;

type Can = (action: string, subject: string) => boolean;
const onAppointments: Can = (_action, subject) => subject === 'Appointment';

function setup(screen: ScreenDef, can: Can = onAppointments, path = '/') {
  const seen: Array<ComponentProps<ScreenWidget>> = [];
  const Calendar: ScreenWidget = (props) => {
    seen.push(props);
    return <div data-testid="widget">{props.card?.title}</div>;
  };
  const screenWidgets = createRegistry<ScreenWidget>('screen widget', { 'x-calendar': Calendar });
  const ctx = rendererContext({ manifest, screenWidgets, can: (a, s) => can(a, s) && a !== 'export' });
  const utils = renderScreen(<PageScreen screen={screen} />, ctx, path);
  return { seen, ...utils };
}

it('draws its widget straight across the main area, under the page title, with no card or grid around it', () => {
  const { seen, container } = setup(page);
  const section = view.getByRole('region', { name: 'Calendar' });
  expect(view.getByRole('heading', { level: 1 }).textContent).toBe('Calendar');
  expect(view.getByTestId('widget').parentElement).toBe(section);
  expect(getComputedStyle(section).width).toBe('100%');
  expect(container.querySelector('.MuiCard-root')).toBeNull();
  // The widget gets what a dashboard's card gives it.
  expect(seen[0].screen).toBe(page);
  expect(seen[0].card).toEqual({ title: 'Calendar', widget: 'x-calendar', source: page.source });
});

it('shows only the links the rules allow, checked against the page resource’s subject', () => {
  const asked: string[] = [];
  setup(page, (action, subject) => (asked.push(`${action} ${subject}`), subject === 'Appointment'));
  const nav = view.getByRole('navigation', { name: 'dashboard.quickActions' });
  expect([...nav.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['New appointment']);
  expect(asked).toContain('create Appointment');
});

it('hides every link from a caller who may do none of them', () => {
  setup(page, () => false);
  expect(view.queryByRole('navigation')).toBeNull();
});

it('offers the period the address keeps when the page has one', async () => {
  setup({ ...page, period: true } as ScreenDef, undefined, '/calendar?from=2026-03-01&to=2026-03-31');
  const legend = await view.findByText('period.legend');
  expect(legend.closest('fieldset')).toBeTruthy();
  expect((view.getByLabelText('period.from') as HTMLInputElement).value).toBe('03/01/2026');
});

it('has no period picker when the page declares none', () => {
  setup(page);
  expect(view.queryByText('period.legend')).toBeNull();
});

it('is a built-in screen kind, and its widget is among the first screen’s code', () => {
  expect(Object.keys(muiScreenKinds)).toContain('page');
  expect(firstWidgets(page)).toEqual(['x-calendar']);
});
