import { fireEvent, screen, waitFor } from '@testing-library/react';
import CardSettings from '../../../packages/renderer/react/screens/dashboard/CardSettings';
import { renderScreen, rendererContext } from '../../helpers/renderer-context';

const page = {
  id: 'account.dashboard-settings',
  kind: 'page',
  route: '/settings',
  title: 'Dashboard settings',
  resource: 'dashboard-settings',
  widget: 'dashboard-settings',
} as never;
const card = { title: 'Dashboard settings', source: '/api/v1/ui/screens/dashboard.home' };
const manifest = {
  hash: 'h',
  navigation: { areas: [], redirects: [], notFound: '/404' },
  screens: [],
  resources: { 'dashboard-settings': { subject: 'DashboardSettings', path: null } },
} as never;

/**
 * The editor of a dashboard's card settings, hosted by a page: the cards of the dashboard its source names, for a
 * caller who may change them or one in read-only mode.
 */
function mount(readOnly: boolean) {
  const getJson = jest.fn(async (path: string) =>
    path.includes('/ui/screens/')
      ? {
          data: {
            id: 'dashboard.home',
            settings: '/api/v1/user/dashboard-settings',
            cards: [
              { id: 'income', title: 'cards.income' },
              { id: 'appointments', title: 'cards.appointments' },
            ],
          },
        }
      : {
          data: {
            cards: [
              { id: 'income', shown: true },
              { id: 'appointments', shown: false },
            ],
          },
        },
  );
  const send = jest.fn(async (_method: string, _path: string, body: unknown) => ({ data: body }));
  const can = (action: string, subject: string) =>
    !(readOnly && action === 'update' && subject === 'DashboardSettings');
  const notify = jest.fn();
  renderScreen(
    <CardSettings screen={page} card={card} />,
    rendererContext({ rest: { getJson, send, peek: () => undefined } as never, can, manifest, notify }),
  );
  return { send, getJson, notify };
}

describe('dashboard settings', () => {
  it('cannot be saved in read-only mode: Save is disabled with the read-only reason beside it', async () => {
    mount(true);
    const save = (await screen.findByRole('button', { name: 'actions.save' })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'dashboard.reset' }) as HTMLButtonElement).disabled).toBe(true);
    const reason = screen.getByText('permissions.readOnly');
    expect(save.getAttribute('aria-describedby')).toBe(reason.closest('[id]')!.id);
    for (const box of screen.getAllByRole('checkbox')) expect((box as HTMLInputElement).disabled).toBe(true);
  });

  it('can be saved by an owner who may change them: the order and choice go to the dashboard’s settings', async () => {
    const { send, getJson, notify } = mount(false);
    const save = (await screen.findByRole('button', { name: 'actions.save' })) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    expect(screen.queryByText('permissions.readOnly')).toBeNull();
    expect(getJson).toHaveBeenCalledWith('/api/v1/ui/screens/dashboard.home');
    fireEvent.click(screen.getAllByRole('button', { name: 'dashboard.moveDown' })[0]);
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(save);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('dashboard.saved', 'success'));
    expect(send).toHaveBeenCalledWith('PUT', '/api/v1/user/dashboard-settings', {
      cards: [
        { id: 'appointments', shown: true },
        { id: 'income', shown: true },
      ],
    });
  });
});
