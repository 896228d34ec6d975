import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import type { JsonSchema, Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

// The server's precompiled validator, as the page imports it: here it always finds the first name missing.
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => {
    const validate = Object.assign(
      () => {
        validate.errors = [
          {
            keyword: 'required',
            instancePath: '',
            schemaPath: '#/required',
            params: { missingProperty: 'first_name' },
            message: "must have required property 'first_name'",
          },
        ];
        return false;
      },
      { errors: null as unknown },
    );
    return validate;
  },
}));

const read = (f: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../../../schemas', f), 'utf8'));
const resource = read('resources/register.json') as JsonSchema & { 'x-resource'?: unknown };
const screen: ScreenDef = {
  ...read('screens/auth/register.json'),
  schema: { ...resource, 'x-resource': undefined, title: undefined },
};

it('a form refused in the page moves the focus to its first wrong field, so the person sees what to fix', async () => {
  const send = jest.fn();
  const manifest = {
    hash: 'h',
    navigation: { areas: [], redirects: [], notFound: '/404' },
    screens: [screen, read('screens/auth/login.json')],
    resources: {
      register: { validator: '/v.mjs', subject: null, archivable: false, exportFormats: [], operations: [] },
    },
  } as unknown as Manifest;
  renderScreen(<FormScreen screen={screen} />, rendererContext({ manifest, rest: { send } as never }), '/register');
  const submit = await view.findByRole('button', { name: 'actions.startTrial' });
  submit.focus();
  await act(async () => {
    fireEvent.click(submit);
  });
  await view.findByText('form.fixErrors');
  await waitFor(() => expect(document.activeElement).toBe(view.getByLabelText(/^fields\.register\.first_name\b(?!_)/)));
  expect(send).not.toHaveBeenCalled();
});
