import { screen } from '@testing-library/react';
import DashboardSettings from '../../../src/widgets/dashboard/DashboardSettings';
import { renderScreen, rendererContext } from '../../helpers/renderer-context';

/** The dashboard settings widget, for an owner who may change them or one in read-only mode. */
function mount(readOnly: boolean) {
  const getJson = jest.fn(async (path: string) =>
    path.includes('/ui/screens/')
      ? {
          data: {
            id: 'dashboard.home',
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
  const send = jest.fn();
  const can = (action: string, subject: string) =>
    !(readOnly && action === 'update' && subject === 'DashboardSettings');
  renderScreen(<DashboardSettings screen={{} as never} />, rendererContext({ rest: { getJson, send } as never, can }));
  return send;
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

  it('can be saved by an owner who may change them', async () => {
    mount(false);
    expect(((await screen.findByRole('button', { name: 'actions.save' })) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('permissions.readOnly')).toBeNull();
  });
});
