import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { fireEvent, render, screen } from '@testing-library/react';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import { leanTemplates } from '../../../packages/renderer/react/form/theme';

const schema: RJSFSchema = {
  $id: 'when',
  type: 'object',
  properties: { scheduled_at: { type: 'string', format: 'date-time', title: 'Send at' } },
};
const validator = createPrecompiledValidator({ when: (() => true) as never }, schema);

/** A form with one date-time field, in the host's zone if given; answers the values it changed to. */
function form(value: string | undefined, timeZone?: string) {
  const changes: Array<string | undefined> = [];
  render(
    <Form
      schema={schema}
      widgets={Object.fromEntries(defaultWidgets.names().map((n) => [n, defaultWidgets.get(n, n)]))}
      templates={leanTemplates((key) => key)}
      validator={validator}
      formData={{ scheduled_at: value }}
      formContext={{ timeZone }}
      onChange={(e) => changes.push((e.formData as { scheduled_at?: string }).scheduled_at)}
    />,
  );
  return { input: screen.getByLabelText('Send at') as HTMLInputElement, changes };
}

describe('a date-time field in the business’s time zone', () => {
  it('shows an instant as the business’s clock and keeps what is typed as the instant it names there', () => {
    const { input, changes } = form('2026-11-24T08:00:00.000Z', 'Europe/Kyiv');
    expect(input.type).toBe('datetime-local');
    expect(input.value).toBe('2026-11-24T10:00');
    fireEvent.change(input, { target: { value: '2026-11-25T09:30' } });
    expect(changes.at(-1)).toBe('2026-11-25T07:30:00.000Z');
    fireEvent.change(input, { target: { value: '' } });
    expect(changes.at(-1)).toBeUndefined();
  });

  it('uses the browser’s zone when the host gives none, as rjsf does', () => {
    const at = '2026-11-24T08:00:00.000Z';
    const { input } = form(at);
    const local = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(input.value).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
  });
});
