import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { createI18n } from '../../../src/server/infra/i18n';
import { fieldErrors, summary } from '../../../src/server/engine/validation-messages';

const i18n = createI18n(path.resolve(__dirname, '../../../src/locales'));
const en = i18n.translator('en');
const err = (keyword: string, instancePath: string, params: Record<string, unknown>, data?: unknown) =>
  ({ keyword, instancePath, params, data, schemaPath: '' }) as ErrorObject;

describe('fieldErrors', () => {
  it('words ajv errors as the spec does', () => {
    const errors = fieldErrors(
      [
        err('required', '', { missingProperty: 'first_name' }),
        err('maxLength', '/last_name', { limit: 255 }),
        err('format', '/email', { format: 'email' }),
        err('format', '/phone', { format: 'tel' }),
        err('minItems', '/locations', { limit: 1 }),
        err('type', '/age', { type: 'integer' }),
        err('maxLength', '/locations/1/title', { limit: 255 }),
      ],
      'clients',
      en,
    );
    expect(errors).toEqual({
      first_name: ['The first name field is required.'],
      last_name: ['The last name may not be greater than 255 characters.'],
      email: ['The email must be a valid email address.'],
      phone: ['The phone format is invalid.'],
      locations: ['The locations must have at least 1 items.'],
      age: ['The age must be an integer.'],
      'locations.1.title': ['The title may not be greater than 255 characters.'],
    });
    expect(summary(errors, en)).toBe('The first name field is required. (and 6 more errors)');
  });

  it('reports an empty required field as required, not as a type error', () => {
    expect(fieldErrors([err('type', '/first_name', { type: 'string' }, null)], 'clients', en, ['first_name'])).toEqual({
      first_name: ['The first name field is required.'],
    });
  });

  it('speaks Ukrainian', () => {
    expect(fieldErrors([err('required', '', { missingProperty: 'email' })], 'clients', i18n.translator('uk'))).toEqual({
      email: ["Поле «Електронна пошта» є обов'язковим."],
    });
  });
});
