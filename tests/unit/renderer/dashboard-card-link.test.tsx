import { screen as view } from '@testing-library/react';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import DashboardScreen from '../../../packages/renderer/react/screens/DashboardScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

/**
 * A card's heading links to the list behind its figure: its `screen`, with its `query` — a list's tab, say — and
 * {from} and {to} written with the dashboard's period from the address.
 */
const screen = {
  id: 'admin.dash',
  kind: 'dashboard',
  route: '/admin/dashboard',
  title: 'Dashboard',
  period: true,
  cards: [
    {
      id: 'churn',
      title: 'Churn',
      source: '/api/v1/admin/dashboard?from={from}&to={to}',
      figure: { value: 'data.churn' },
      screen: 'admin.users',
      query: { tab: '2', since: '{from}', until: '{to}' },
    },
    {
      id: 'plain',
      title: 'Plain',
      source: '/api/v1/admin/dashboard',
      figure: { value: 'data.churn' },
      screen: 'admin.users',
    },
  ],
} as unknown as ScreenDef;

it('links a card to its screen with its query, the period written in', async () => {
  const base = rendererContext({
    rest: { peek: () => undefined, getJson: async () => ({ data: { churn: 3 } }) } as never,
  });
  const context = {
    ...base,
    manifest: {
      ...base.manifest,
      screens: [screen, { id: 'admin.users', kind: 'list', route: '/admin/users', title: 'u' }],
    } as unknown as Manifest,
  };
  renderScreen(<DashboardScreen screen={screen} />, context, '/admin/dashboard?from=2026-10-01&to=2026-10-31');
  const churn = await view.findByRole('link', { name: 'Churn' });
  expect(churn.getAttribute('href')).toBe('/admin/users?tab=2&since=2026-10-01&until=2026-10-31');
  expect(view.getByRole('link', { name: 'Plain' }).getAttribute('href')).toBe('/admin/users');
});
