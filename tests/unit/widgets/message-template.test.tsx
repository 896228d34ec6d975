import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { fireEvent, render, screen } from '@testing-library/react';
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

/** The SMS reminder fields as the settings screen declares them; answers the last form data. */
function smsForm(text: string, hours: number[] = [24]) {
  const changes: Array<{ reminder_text?: string; reminder_hours?: number[] }> = [];
  render(
    <WidgetHostContext.Provider
      value={{ user: { first_name: 'Olivia', last_name: 'Hart' } as never, reloadUser: async () => undefined }}
    >
      <Form
        schema={schema}
        uiSchema={{
          reminder_hours: { 'ui:widget': 'reminder-hours' },
          reminder_text: { 'ui:widget': 'message-template', 'ui:options': { kind: 'reminder', channel: 'sms' } },
        }}
        widgets={{ 'message-template': MessageTemplate, 'reminder-hours': ReminderHours }}
        templates={leanTemplates((key) => key)}
        validator={validator}
        formData={{ reminder_text: text, reminder_hours: hours }}
        formContext={{ t, locale: 'en' }}
        onChange={(e) => changes.push(e.formData as never)}
      />
    </WidgetHostContext.Provider>,
  );
  return { last: () => changes[changes.length - 1] };
}

describe('message template field', () => {
  it('previews the text for a sample client with its SMS size and credits, as the server counts them', () => {
    smsForm('{business_name}: see you {date} at {time}');
    expect(screen.getByText(/^Olivia Hart: see you \w+day \d+ \w+ \d{4} at 10:00$/)).toBeTruthy();
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

  it('chooses lead times in words, longest first', () => {
    const { last } = smsForm('x', [24]);
    fireEvent.click(screen.getByLabelText(/notifications\.hoursBefore \{"count":2\}/));
    expect(last()?.reminder_hours).toEqual([24, 2]);
    expect(screen.getByLabelText(/notifications\.daysBefore \{"count":2\}/)).toBeTruthy();
  });
});
