import path from 'node:path';
import { act, fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { leanTemplates } from '../../../packages/renderer/react/form/theme';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import FormScreen from '../../../packages/renderer/react/screens/FormScreen';
import { loadSchemas } from '../../../src/server/engine/schema-registry';
import { appTexts } from '../../helpers/app-texts';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const schema: RJSFSchema = {
  $id: 'dated',
  type: 'object',
  properties: { expires_on: { type: ['string', 'null'], format: 'date', title: 'Valid until' } },
};
const validator = createPrecompiledValidator({ dated: (() => true) as never }, schema);

/** A form with one date, as the renderer's forms draw it, in `lng`. */
function dateForm(lng: 'en' | 'uk', value?: string) {
  const t = appTexts(lng);
  const changes: unknown[] = [];
  render(
    <Form
      schema={schema}
      widgets={defaultWidgets.entries()}
      templates={leanTemplates(t)}
      validator={validator}
      formData={value ? { expires_on: value } : {}}
      formContext={{ t, locale: lng === 'en' ? 'en-GB' : 'uk' }}
      onChange={(e) => changes.push((e.formData as { expires_on?: unknown }).expires_on)}
    />,
  );
  return { input: view.getByLabelText('Valid until') as HTMLInputElement, changes };
}

describe('a date field', () => {
  it('shows the date in the locale’s order, not the browser’s (dd/mm/yyyy in English, dd.mm.yyyy in Ukrainian)', () => {
    const en = dateForm('en', '2027-04-06');
    expect(en.input.type).toBe('text');
    expect(en.input.value).toBe('06/04/2027');
    expect(en.input.placeholder).toBe('dd/mm/yyyy');
    document.body.innerHTML = '';
    const uk = dateForm('uk', '2027-04-06');
    expect(uk.input.value).toBe('06.04.2027');
    expect(uk.input.placeholder).toBe('дд.мм.рррр');
  });

  it('takes a date typed day first and holds it as an ISO date', async () => {
    const { input, changes } = dateForm('en');
    fireEvent.change(input, { target: { value: '27052027' } });
    expect(input.value).toBe('27/05/2027');
    await waitFor(() => expect(changes.at(-1)).toBe('2027-05-27'));
  });

  it('offers a month’s calendar whose days fill the field', async () => {
    const { input, changes } = dateForm('en', '2027-05-03');
    fireEvent.click(view.getByRole('button', { name: 'Choose a date: Valid until' }));
    const calendar = await view.findByRole('dialog', { name: 'Choose a date' });
    expect(within(calendar).getByRole('heading').textContent).toBe('May 2027');
    fireEvent.click(within(calendar).getByRole('button', { name: 'Next month' }));
    expect(within(calendar).getByRole('heading').textContent).toBe('June 2027');
    fireEvent.click(within(calendar).getByRole('button', { name: 'Thursday 10 June 2027' }));
    await waitFor(() => expect(input.value).toBe('10/06/2027'));
    await waitFor(() => expect(changes.at(-1)).toBe('2027-06-10'));
  });
});

describe('the tax year’s start', () => {
  const registry = loadSchemas(path.join(__dirname, '../../../schemas'));
  const screen = {
    ...registry.screens.get('account.tax-settings')!,
    schema: { ...registry.resources.get('tax-settings')!.request, $id: 'tax-settings', title: undefined },
  } as unknown as ScreenDef;

  it('is picked as a day and a month ("6 April"), and sent as month-day', async () => {
    const send = jest.fn(async () => ({ message: 'Saved.' }));
    const settings = { tax_year_start: '04-06', first_rate: 20 };
    const context = rendererContext({
      t: appTexts('en'),
      locale: 'en-GB',
      manifest: {
        hash: 'h',
        navigation: { areas: [], redirects: [], notFound: '/404' },
        screens: [screen],
        resources: { 'tax-settings': { validator: '/v.mjs', subject: 'Tax', archivable: false, operations: [] } },
      } as unknown as Manifest,
      rest: { getJson: async () => ({ data: settings }), send } as never,
      widgets: defaultWidgets,
    });
    renderScreen(<FormScreen screen={screen} />, context, '/account-setup/customisation/tax_settings');
    const day = (await view.findByRole('combobox', { name: 'Tax year starts on: day' })) as HTMLSelectElement;
    const month = view.getByRole('combobox', { name: 'Tax year starts on: month' }) as HTMLSelectElement;
    await waitFor(() => expect(day.selectedOptions[0].textContent).toBe('6'));
    expect(month.selectedOptions[0].textContent).toBe('April');
    fireEvent.change(month, { target: { value: '1' } });
    fireEvent.change(day, { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect((send.mock.calls[0] as unknown[])[2]).toMatchObject({ tax_year_start: '01-01' });
  });
});

describe('a money list’s period', () => {
  it('shows its dates in the locale’s order and passes on each real day typed', async () => {
    const { ListPeriod } = await import('../../../packages/renderer/react/list/ListPeriod');
    const onChange = jest.fn();
    renderScreen(
      <ListPeriod def={{}} choices={[]} from="2026-11-01" to="2026-11-30" onChange={onChange} />,
      rendererContext({ t: appTexts('en'), locale: 'en-GB' }),
    );
    const from = view.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
    expect(from.value).toBe('01/11/2026');
    expect((view.getByRole('textbox', { name: 'To' }) as HTMLInputElement).value).toBe('30/11/2026');
    fireEvent.change(from, { target: { value: '15/1' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(from, { target: { value: '15/10/2026' } });
    expect(onChange).toHaveBeenCalledWith({ from: '2026-10-15', to: '2026-11-30' });
  });
});
