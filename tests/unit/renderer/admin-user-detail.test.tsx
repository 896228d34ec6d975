import { act, fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import userDetail from '../../../schemas/screens/admin/user.json';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import DetailScreen from '../../../packages/renderer/react/screens/DetailScreen';
import { LookProvider } from '../../../packages/renderer/react/look';
import { muiLook } from '../../../packages/renderer/react/shell/mui-look';

/**
 * The admin's user page as declared: the support console's actions ask in declared dialogs — a password hidden as
 * typed, the trial's last day as a date, a balance change where a minus sign subtracts (never zero) — or confirm a
 * call; marketing access is a switch (grant while closed, close while open); the audit is a related list.
 */
const account = (more: Record<string, unknown> = {}) => ({
  id: 7,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  is_admin: false,
  is_affiliate: false,
  plan_name: null,
  subscription_status: 'trialing',
  stage: 'trial',
  trial_ends_at: '2026-12-11T00:00:00.000Z',
  trial_last_day: '2026-12-10',
  ends_at: null,
  region: 'UA',
  sms_credits: 5,
  email_credits: 5,
  balance: 1250,
  currency: 'UAH',
  marketing_available: false,
  sessions: 1,
  deleted_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
  ...more,
});

function setup(record = account()) {
  const getJson = jest.fn(async (url: string) =>
    url.startsWith('/api/v1/admin/user/account/')
      ? { data: record }
      : {
          data: [
            {
              id: 1,
              action: 'balance_changed',
              admin_name: 'Ada Admin',
              before: 'Balance: £0.00',
              after: 'Balance: £12.50',
              created_at: '2026-11-27T10:00:00.000Z',
            },
          ],
          meta: { total: 1, current_page: 1, per_page: 20, last_page: 1 },
        },
  );
  const send = jest.fn(async () => ({ message: 'Done.' }));
  const location = { path: '/admin/users/7', history: [] as string[] };
  const screen = userDetail as unknown as ScreenDef;
  const context: RendererContextValue = {
    manifest: {
      hash: 'h',
      screens: [
        screen,
        { id: 'admin.user-sms', kind: 'form', route: '/admin/users/:id/sms', title: 's' },
        { id: 'admin.users', kind: 'list', route: '/admin/users', title: 'u', resource: 'admin-users' },
      ],
      resources: { 'admin-users': { path: '/api/v1/admin/user', subject: 'User', archivable: false, operations: [] } },
      navigation: { areas: [], redirects: [], notFound: '/404' },
    } as unknown as Manifest,
    rest: { getJson, send } as never,
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key),
    locale: 'en-GB',
    can: () => true,
    widgets: createRegistry('widget'),
    screenWidgets: createRegistry('screen widget'),
    formContext: { currency: 'GBP' },
    notify: () => undefined,
    confirm: async () => true,
    checkGate: () => null,
    onSession: async () => undefined,
  };
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter path={location.path} history={location.history}>
        <RendererContext.Provider value={context}>
          <LookProvider look={muiLook}>
            <Route path="/admin/users/:id">
              <DetailScreen screen={screen} />
            </Route>
          </LookProvider>
        </RendererContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );
  return { getJson, send };
}

it('reads the account from its route, shows the balance in its currency and the audit as a related list', async () => {
  const { getJson } = setup();
  expect(await view.findByRole('heading', { name: /Ann Lee/ })).toBeTruthy();
  expect(getJson).toHaveBeenCalledWith('/api/v1/admin/user/account/7');
  expect(view.getByText(/₴\s?12\.50|12\.50\s?₴|UAH\s?12\.50/)).toBeTruthy();
  const audit = await view.findByRole('region', { name: 'screens.admin.audit' });
  await waitFor(() => expect(within(audit).getByText('Balance: £12.50')).toBeTruthy());
  expect(getJson).toHaveBeenCalledWith('/api/v1/admin/user/audit/7');
});

it('changes the balance by a signed amount: a minus sign subtracts, zero is refused before it is sent', async () => {
  const { send } = setup();
  fireEvent.click(await view.findByRole('button', { name: 'screens.admin.changeBalance' }));
  const dialog = await view.findByRole('dialog');
  const amount = within(dialog).getByTestId('dialog-amount') as HTMLInputElement;
  const submit = within(dialog).getByRole('button', { name: 'screens.admin.changeBalance' }) as HTMLButtonElement;
  fireEvent.change(amount, { target: { value: '0' } });
  expect(dialog.textContent).toContain('validation.not_zero');
  expect(submit.disabled).toBe(true);
  fireEvent.change(amount, { target: { value: '-5' } });
  expect(submit.disabled).toBe(false);
  await act(async () => fireEvent.click(submit));
  expect(send).toHaveBeenCalledWith('PUT', '/api/v1/admin/user/balance/7', { amount: -500 });
});

it('asks a new password hidden as typed and sends it with its confirmation', async () => {
  const { send } = setup();
  fireEvent.click(await view.findByRole('button', { name: 'screens.admin.setPassword' }));
  const dialog = await view.findByRole('dialog');
  const password = within(dialog).getByTestId('dialog-password') as HTMLInputElement;
  const confirmation = within(dialog).getByTestId('dialog-password_confirmation') as HTMLInputElement;
  expect([password.type, confirmation.type]).toEqual(['password', 'password']);
  fireEvent.change(password, { target: { value: 'New-pass-22' } });
  fireEvent.change(confirmation, { target: { value: 'New-pass-22' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'screens.admin.setPassword' })));
  expect(send).toHaveBeenCalledWith('PUT', '/api/v1/admin/user/password/7', {
    password: 'New-pass-22',
    password_confirmation: 'New-pass-22',
  });
});

it('asks the trial’s last day as a date, starting from the day it ends now, and sends it as YYYY-MM-DD', async () => {
  const { send } = setup();
  fireEvent.click(await view.findByRole('button', { name: 'screens.admin.setTrial' }));
  const dialog = await view.findByRole('dialog');
  const day = within(dialog).getByRole('textbox') as HTMLInputElement;
  expect(day.value).toBe('10/12/2026');
  fireEvent.change(day, { target: { value: '31/12/2026' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'screens.admin.setTrial' })));
  expect(send).toHaveBeenCalledWith('PUT', '/api/v1/admin/user/trial/7', { trial_ends_at: '2026-12-31' });
});

it('offers marketing access as a switch: grant while closed, close while open', async () => {
  const { send } = setup();
  fireEvent.click(await view.findByRole('button', { name: 'screens.admin.grantMarketing' }));
  await waitFor(() =>
    expect(send).toHaveBeenCalledWith('PUT', '/api/v1/admin/user/marketing/7', { marketing_available: true }),
  );
  expect(view.queryByRole('button', { name: 'screens.admin.closeMarketing' })).toBeNull();
});

it('shows a trashed user without the console’s actions', async () => {
  setup(account({ deleted_at: '2026-11-28T10:00:00.000Z', marketing_available: true }));
  expect(await view.findByRole('heading', { name: /Ann Lee/ })).toBeTruthy();
  for (const name of [
    'screens.admin.setPassword',
    'screens.admin.changeBalance',
    'screens.admin.closeMarketing',
    'screens.admin.endSessions',
    'actions.delete',
  ])
    expect(view.queryByRole('button', { name })).toBeNull();
});
