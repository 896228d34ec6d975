import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen as view, waitFor } from '@testing-library/react';
import { Route } from '@soloist/renderer';
import type { JsonSchema, Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

// Every value passes the page's validator here: what the form shows and sends is what is under test.
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const read = (f: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../../../schemas', f), 'utf8'));
const resource = read('resources/admin-sms-credits.json') as JsonSchema;
// As the server serves it: what a request may send (the owner's name and email are read-only facts).
const writable = Object.fromEntries(Object.entries(resource.properties!).filter(([, p]) => !p.readOnly));
const screen: ScreenDef = {
  ...read('screens/admin/user-sms.json'),
  schema: { ...resource, properties: writable, 'x-resource': undefined, title: undefined },
};
const OWNER = { id: 5, first_name: 'Ann', last_name: 'Lee', email: 'ann@example.test', sms_credits: 12 };

/**
 * An admin sets an owner's SMS balance on a declared form: the owner and their balance now above it, the balance
 * typed, sent as the owner's new balance, and back to the owner's page.
 */
it('shows the owner and their balance, and sends the new balance for that owner', async () => {
  const send = jest.fn(async () => ({ data: { sms: {} }, message: 'SMS credits set to 40.' }));
  const getJson = jest.fn(async () => ({ data: OWNER }));
  const notify = jest.fn();
  const manifest = {
    hash: 'h',
    navigation: { areas: [], redirects: [], notFound: '/404' },
    screens: [screen, read('screens/admin/user.json')],
    resources: {
      'admin-sms-credits': {
        validator: '/v.mjs',
        path: null,
        subject: 'User',
        archivable: false,
        exportFormats: [],
        operations: [],
      },
    },
  } as unknown as Manifest;
  renderScreen(
    <Route path={screen.route}>
      <FormScreen screen={screen} />
    </Route>,
    rendererContext({ manifest, rest: { send, getJson } as never, widgets: defaultWidgets, notify }),
    '/admin/users/5/sms',
  );
  const facts = await view.findByRole('region', { name: 'screens.admin.account' });
  expect(getJson).toHaveBeenCalledWith('/api/v1/admin/user/5');
  expect(facts.textContent).toContain('Ann');
  expect(facts.textContent).toContain('ann@example.test');
  expect(facts.textContent).toContain('fields.admin-users.sms_credits:12');
  const balance = (await view.findByLabelText(/^fields\.admin-sms-credits\.sms_credits/)) as HTMLInputElement;
  expect(balance.value).toBe('12');
  expect(view.getByText('credits.adminForm.help')).toBeTruthy();
  fireEvent.change(balance, { target: { value: '40' } });
  fireEvent.click(view.getByRole('button', { name: 'actions.save' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith('PUT', '/api/v1/admin/user/sms/5', { sms_credits: 40 }));
  expect(notify).toHaveBeenCalledWith('SMS credits set to 40.', 'success');
});
