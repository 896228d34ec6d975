import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { HttpError } from '../../../packages/renderer/core/rest';
import type { JsonSchema, Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

// The page imports the server's precompiled validator; here every value passes so the server's answer decides.
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const read = (f: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../../../schemas', f), 'utf8'));
const resource = read('resources/register.json') as JsonSchema & { 'x-resource'?: unknown };
const screen: ScreenDef = {
  ...read('screens/auth/register.json'),
  schema: { ...resource, 'x-resource': undefined, title: undefined },
};

it('register keeps what was typed (not the passwords) after the server refuses it', async () => {
  const send = jest.fn(async () => {
    throw new HttpError(422, {
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
  });
  const manifest = {
    hash: 'h',
    navigation: { areas: [], redirects: [], notFound: '/404' },
    screens: [screen, read('screens/auth/login.json')],
    resources: {
      register: { validator: '/v.mjs', subject: null, archivable: false, exportFormats: [], operations: [] },
    },
  } as unknown as Manifest;
  renderScreen(
    <FormScreen screen={screen} />,
    rendererContext({ manifest, rest: { send } as never, widgets: defaultWidgets }),
    '/register',
  );
  const field = async (name: string) =>
    (await view.findByLabelText(new RegExp(`^fields\\.register\\.${name}\\b(?!_)`))) as HTMLInputElement;
  const typed = {
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'taken@example.test',
    password: 'Secret-pass-1',
    password_confirmation: 'Secret-pass-1',
  };
  for (const [name, value] of Object.entries(typed)) fireEvent.change(await field(name), { target: { value } });
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'actions.startTrial' }));
  });
  await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  expect(send).toHaveBeenCalledWith('POST', '/api/register', expect.objectContaining({ email: 'taken@example.test' }));
  await view.findByText('The email has already been taken.', { selector: '.MuiAlert-message' });
  expect((await field('first_name')).value).toBe('Ann');
  expect((await field('last_name')).value).toBe('Lee');
  expect((await field('email')).value).toBe('taken@example.test');
  expect((await field('password')).value).toBe('');
  expect((await field('password_confirmation')).value).toBe('');
});
