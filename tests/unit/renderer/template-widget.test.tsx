import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen as view, waitFor } from '@testing-library/react';
import { Route } from '@soloist/renderer';
import type { JsonSchema, ScreenDef } from '../../../packages/renderer/core/types';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { productManifest, restStandIn } from '../../helpers/product-manifest';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const read = (f: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../../../schemas', f), 'utf8'));
const resource = read('resources/sms-notification-settings.json') as JsonSchema;
const screen: ScreenDef = { ...read('screens/account/sms-notifications.json'), schema: resource };
const SETTINGS = {
  reminder_enabled: true,
  reminder_hours: [24],
  reminder_text: 'Hi {Client_First_Name}',
  thank_you_enabled: false,
  thank_you_text: 'Thanks',
  booked_enabled: false,
  booked_text: 'Booked',
  rescheduled_enabled: false,
  rescheduled_text: 'Moved',
  cancelled_enabled: false,
  cancelled_text: 'Cancelled',
};

/** What the server describes a text as (POST /user/message-preview): filled, its tags, a wrong tag, its size. */
const describe_ = (body: { text: string; kind: string }) => ({
  data: {
    text: body.text.replace('{client_first_name}', 'Anna'),
    footer: null,
    tags: body.kind === 'reminder' ? ['client_first_name', 'date'] : ['booking_link'],
    warning: body.text.includes('{Client_First_Name}')
      ? { key: 'notifications.unknownTags', values: { tags: '{Client_First_Name}', count: 1 } }
      : null,
    notes: [{ key: 'notifications.smsSize', values: { count: 1 } }],
  },
});

function open() {
  const send = jest.fn(async (_method: string, _path: string, body: unknown) => describe_(body as never));
  const getJson = jest.fn(async () => ({ data: SETTINGS }));
  renderScreen(
    <Route path={screen.route}>
      <FormScreen screen={screen} />
    </Route>,
    rendererContext({
      manifest: {
        ...productManifest(),
        screens: [screen],
        resources: {
          'sms-notification-settings': { validator: '/v.mjs', path: null, subject: 'SmsNotification', operations: [] },
        },
      } as never,
      rest: { ...(restStandIn({ getJson, send: send as never }) as object), getJson } as never,
      widgets: defaultWidgets,
    }),
    screen.route,
  );
  return { send };
}

/**
 * The notification settings are a declared form: its templates are the renderer's `template` widget, which shows
 * what the server says of the text (the filled preview, the tags to put in, a tag typed wrongly, its size), and the
 * lead times are the renderer's checkboxes, named by i18n keys.
 */
describe('a declared message template', () => {
  it('shows what the server says of the text, for the message type the screen declares', async () => {
    const { send } = open();
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('POST', '/api/v1/user/message-preview', {
        kind: 'reminder',
        channel: 'sms',
        part: 'text',
        text: 'Hi {Client_First_Name}',
      }),
    );
    expect((await view.findAllByRole('alert'))[0].textContent).toContain('notifications.unknownTags');
    expect(view.getAllByText(/notifications\.smsSize/).length).toBeGreaterThan(0);
  });

  it('puts a tag in at the cursor, and the preview follows the text', async () => {
    const { send } = open();
    const field = (await view.findByLabelText(/sms-notification-settings\.reminder_text/)) as HTMLTextAreaElement;
    const group = (await view.findAllByRole('group', { name: 'notifications.insertTag' }))[0];
    field.setSelectionRange(3, 22);
    fireEvent.click(group.querySelector('button')!);
    expect(field.value).toBe('Hi {client_first_name}');
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'POST',
        '/api/v1/user/message-preview',
        expect.objectContaining({ text: 'Hi {client_first_name}' }),
      ),
    );
    expect(await view.findByText('Hi Anna')).toBeTruthy();
  });

  it('chooses lead times by their names, sent in the schema’s order', async () => {
    const { send } = open();
    const twoHours = await view.findByLabelText('notifications.leadTime.2');
    expect(view.getByLabelText('notifications.leadTime.48')).toBeTruthy();
    expect((view.getByLabelText('notifications.leadTime.24') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(twoHours);
    fireEvent.click(view.getByLabelText('notifications.leadTime.48'));
    expect((twoHours as HTMLInputElement).checked).toBe(true);
    fireEvent.click(view.getByRole('button', { name: 'actions.save' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'PUT',
        '/api/v1/user/sms-notification-settings',
        expect.objectContaining({ reminder_hours: [48, 24, 2] }),
      ),
    );
  });
});
