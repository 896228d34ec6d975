import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { RendererContext } from '../../../renderer/react/context';
import { rendererContext } from '../../helpers/renderer-context';
import { leanTemplates } from '../../../renderer/react/form/theme';
import { WidgetHostContext } from '../../../src/widgets/host';
import MessageTemplate from '../../../src/widgets/notifications/MessageTemplate';
import ReminderHours from '../../../src/widgets/notifications/ReminderHours';

const schema: RJSFSchema = {
  $id: 'sms',
  type: 'object',
  properties: {
    reminder_hours: { type: 'array', items: { type: 'integer', enum: [48, 24, 2] } },
    reminder_text: { type: ['string', 'null'] },
  },
};
const validator = createPrecompiledValidator({ sms: (() => true) as never }, schema);
const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);

/** What the server answers for a campaign SMS's footer (GET /marketing/sms-footer). */
const FOOTER = 'To stop, text OPTOUT S1 to +447700900123';
/** And how the owner's messages name the business and link its page (GET /user/message-voice). */
const VOICE = { business_name: 'Hart Hair Studio', booking_link: 'https://soloist.test/online-booking/hart' };
const rest = {
  getJson: async (path: string) => ({ data: path.endsWith('/message-voice') ? VOICE : { text: FOOTER } }),
};

/**
 * The SMS reminder fields as the settings screen declares them (or a campaign's text, with `textOptions`); answers
 * the last form data.
 */
function smsForm(
  text: string,
  hours: number[] = [24],
  textOptions: Record<string, unknown> = { kind: 'reminder', channel: 'sms' },
) {
  const changes: Array<{ reminder_text?: string; reminder_hours?: number[] }> = [];
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={rendererContext({ rest: rest as never })}>
        <WidgetHostContext.Provider
          value={{ user: { first_name: 'Olivia', last_name: 'Hart' } as never, reloadUser: async () => undefined }}
        >
          <Form
            schema={schema}
            uiSchema={{
              reminder_hours: { 'ui:widget': 'reminder-hours' },
              reminder_text: { 'ui:widget': 'message-template', 'ui:options': textOptions },
            }}
            widgets={{ 'message-template': MessageTemplate, 'reminder-hours': ReminderHours }}
            templates={leanTemplates((key) => key)}
            validator={validator}
            formData={{ reminder_text: text, reminder_hours: hours }}
            formContext={{ t, locale: 'en' }}
            onChange={(e) => changes.push(e.formData as never)}
          />
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { last: () => changes[changes.length - 1] };
}

describe('message template field', () => {
  it('previews the text for a sample client with its SMS size and credits, as the server counts them', async () => {
    smsForm('{business_name}: see you {date} at {time}');
    // The owner's name until the business's own is read, then the name its messages give.
    expect(screen.getByText(/^Olivia Hart: see you \w+day \d+ \w+ \d{4} at 10:00$/)).toBeTruthy();
    expect(await screen.findByText(/^Hart Hair Studio: see you \w+day \d+ \w+ \d{4} at 10:00$/)).toBeTruthy();
    expect(screen.getByText(/notifications\.smsSize .*"count":1.*"encoding":"GSM-7"/)).toBeTruthy();
  });

  it('counts a Cyrillic text in UCS-2: 71 characters are two SMS, two credits', () => {
    smsForm('Ж'.repeat(71));
    expect(
      screen.getByText(/notifications\.smsSize \{"count":2,"characters":71,"encoding":"UCS-2","credits":2\}/),
    ).toBeTruthy();
  });

  it('names a tag that is not one, and inserts a listed tag at the cursor', () => {
    const { last } = smsForm('Hi {Client_First_Name}!');
    expect(screen.getByRole('alert').textContent).toContain('{Client_First_Name}');
    const field = screen.getByRole('textbox') as HTMLTextAreaElement;
    field.setSelectionRange(3, 22);
    fireEvent.click(screen.getByRole('button', { name: '{client_first_name}' }));
    expect(last()?.reminder_text).toBe('Hi {client_first_name}!');
  });

  it('counts a campaign SMS with the opt-out line the server ends it with, and shows that line', async () => {
    // 120 GSM-7 characters fit one SMS alone; with the 40-character line and its line break they take two.
    smsForm('A'.repeat(120), [24], { kind: 'marketing', channel: 'sms', footer: '/api/v1/marketing/sms-footer' });
    expect(await screen.findByText(FOOTER)).toBeTruthy();
    expect(
      screen.getByText(/notifications\.smsSize \{"count":2,"characters":161,"encoding":"GSM-7","credits":2\}/),
    ).toBeTruthy();
  });

  it('fills the booking link with the business’s real page, so the size shown is the size sent', async () => {
    smsForm('Book again: {booking_link}', [24], { kind: 'thank_you', channel: 'sms' });
    expect(await screen.findByText('Book again: https://soloist.test/online-booking/hart')).toBeTruthy();
  });

  it('chooses lead times in words, longest first', () => {
    const { last } = smsForm('x', [24]);
    fireEvent.click(screen.getByLabelText(/notifications\.hoursBefore \{"count":2\}/));
    expect(last()?.reminder_hours).toEqual([24, 2]);
    expect(screen.getByLabelText(/notifications\.daysBefore \{"count":2\}/)).toBeTruthy();
  });
});
