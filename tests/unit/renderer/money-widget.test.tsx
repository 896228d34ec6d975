import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { fireEvent, render, screen } from '@testing-library/react';
import { MoneyWidget } from '../../../packages/renderer/react/form/catalogueWidgets';
import { leanTemplates } from '../../../packages/renderer/react/form/theme';

const schema: RJSFSchema = { $id: 'price', type: 'object', properties: { price: { type: ['integer', 'null'] } } };
const validator = createPrecompiledValidator({ price: (() => true) as never }, schema);

/** The money field in a form whose host gives `currency` and `locale`; answers the input and the last change. */
function moneyField(currency: string | undefined, locale: string, price?: number) {
  const changes: unknown[] = [];
  render(
    <Form
      schema={schema}
      uiSchema={{ price: { 'ui:widget': 'money' } }}
      widgets={{ money: MoneyWidget }}
      templates={leanTemplates((key) => key)}
      validator={validator}
      formData={{ price }}
      formContext={{ currency, locale }}
      onChange={(e) => changes.push((e.formData as { price?: unknown }).price)}
    />,
  );
  return { input: screen.getByRole('textbox') as HTMLInputElement, last: () => changes[changes.length - 1] };
}

describe('MoneyWidget', () => {
  it('takes no currency of its own: without the host’s, an amount with two decimals and no sign', () => {
    const { input, last } = moneyField(undefined, 'en', 1250);
    expect(input.value).toBe('12.50');
    expect(document.querySelector('[aria-hidden="true"]')).toBeNull();
    fireEvent.blur(input, { target: { value: '7.5' } });
    expect(last()).toBe(750);
  });

  it.each([
    ['GBP', 'en', '12.50', 1250],
    ['GBP', 'en', '1,250.50', 125050],
    ['UAH', 'uk', '1 250,50', 125050],
    ['UAH', 'uk', '12,5', 1250],
    ['JPY', 'en', '500', 500],
  ])('in %s (%s) keeps %j as %i minor units', (currency, locale, typed, minor) => {
    const { input, last } = moneyField(currency, locale);
    fireEvent.blur(input, { target: { value: typed } });
    expect(last()).toBe(minor);
  });

  it('shows minor units as the currency writes them, with its sign', () => {
    const { input } = moneyField('JPY', 'en', 500);
    expect(input.value).toBe('500');
    expect(screen.getByText('¥')).toBeTruthy();
  });
});
