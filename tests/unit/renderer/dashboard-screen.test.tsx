import { screen as view, waitFor } from '@testing-library/react';
import type { ScreenDef } from '../../../packages/renderer/core/types';
import DashboardScreen from '../../../packages/renderer/react/screens/DashboardScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

/**
 * The dashboard kind reads each card's `source` once per path, shows a figure against its comparison in words,
 * hides cards the rules do not allow, and follows the owner's card settings (order, hidden ones).
 */
const screen = {
  id: 'dash',
  kind: 'dashboard',
  route: '/d',
  title: 'Dashboard',
  settings: '/api/v1/user/dashboard-settings',
  cards: [
    {
      id: 'week',
      title: 'Income this week',
      source: '/api/v1/data/statistic',
      gate: { subject: 'Income', action: 'read' },
      figure: {
        value: 'data.week.amount',
        compare: 'data.week.previous',
        compareLabel: 'vs {{amount}}',
        format: 'money',
      },
    },
    {
      id: 'month',
      title: 'Income this month',
      source: '/api/v1/data/statistic',
      figure: { value: 'data.month.amount', format: 'money' },
    },
    {
      id: 'goals',
      title: 'Goals',
      source: '/api/v1/data/statistic',
      gate: { subject: 'Goal', action: 'read' },
      figure: { value: 'data.goals' },
    },
  ],
} as unknown as ScreenDef;

const STATISTIC = {
  currency: 'GBP',
  data: { week: { amount: 12000, previous: 10000 }, month: { amount: 45000 }, goals: 3 },
};

function setup(
  can: (action: string, subject: string) => boolean,
  cards: Array<{ id: string; shown: boolean }>,
  carried: Record<string, unknown> = {},
) {
  const calls: string[] = [];
  const rest = {
    // The answers the page carries (the first screen's reads): a first render's, with no request.
    peek: (path: string) => (carried[path] ? { status: 200, body: carried[path] } : undefined),
    getJson: async (path: string) => {
      calls.push(path);
      if (path === '/api/v1/user/dashboard-settings') return { data: { cards } };
      return STATISTIC;
    },
  };
  const t = (key: string, values?: Record<string, unknown>) =>
    values ? `${key} ${Object.values(values).join(' ')}` : key;
  renderScreen(<DashboardScreen screen={screen} />, rendererContext({ rest: rest as never, can, t: t as never }));
  return calls;
}

it('shows each figure with its currency and the change in words, reading a shared source once', async () => {
  const calls = setup(() => true, []);
  expect(await view.findByText('£120.00')).toBeTruthy();
  expect(view.getByText('£450.00')).toBeTruthy();
  expect(view.getByText(/dashboard\.up 20/).textContent).toContain('vs {{amount}} £100.00');
  expect(calls.filter((p) => p === '/api/v1/data/statistic')).toHaveLength(1);
});

it('paints the figures the page carries in its first render, before any request is answered', () => {
  setup(() => true, [], {
    '/api/v1/data/statistic': STATISTIC,
    '/api/v1/user/dashboard-settings': { data: { cards: [] } },
  });
  expect(view.getByText('£120.00')).toBeTruthy();
  expect(view.getByText('£450.00')).toBeTruthy();
});

it('leaves out a card the rules do not allow (goals on a plan without them)', async () => {
  setup((_action, subject) => subject !== 'Goal', []);
  expect(await view.findByText('£120.00')).toBeTruthy();
  expect(view.queryByRole('heading', { name: 'Goals' })).toBeNull();
  expect(view.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'Income this week',
    'Income this month',
  ]);
});

it('puts the cards in the order the settings give and hides those switched off', async () => {
  setup(
    () => true,
    [
      { id: 'month', shown: true },
      { id: 'week', shown: false },
    ],
  );
  await waitFor(() =>
    expect(view.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Income this month',
      'Goals',
    ]),
  );
});

it('marks its period and its cards by id, for a tour to point at', async () => {
  const rest = { peek: () => undefined, getJson: async () => STATISTIC };
  const dated = { ...screen, settings: undefined, period: true } as unknown as ScreenDef;
  renderScreen(<DashboardScreen screen={dated} />, rendererContext({ rest: rest as never, can: () => true }));
  const period = await view.findByRole('group', { name: 'period.legend' });
  expect(period).toHaveAttribute('data-tour', 'period');
  expect(document.querySelector('[data-tour="card-week"]')).toContainElement(await view.findByText('£120.00'));
});

it('says in words that a figure is missing when the card names why, else shows a dash', async () => {
  const rest = { peek: () => undefined, getJson: async () => ({ data: { kept: null, other: null } }) };
  const missing = {
    ...screen,
    settings: undefined,
    cards: [
      { id: 'kept', title: 'Kept', source: '/s', figure: { value: 'data.kept', emptyLabel: 'notRecorded' } },
      { id: 'other', title: 'Other', source: '/s', figure: { value: 'data.other' } },
    ],
  } as unknown as ScreenDef;
  renderScreen(<DashboardScreen screen={missing} />, rendererContext({ rest: rest as never, can: () => true }));
  // Both show a dash where the figure would be; only the one that names why says it.
  expect(await view.findByText('notRecorded')).toBeTruthy();
  expect(view.getAllByText('—')).toHaveLength(2);
  expect(view.getAllByText('notRecorded')).toHaveLength(1);
});
