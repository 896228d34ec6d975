import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSchemas } from '../../../scripts/check-schemas';
import { screenWidgets } from '../../../src/widgets';

const root = path.resolve(__dirname, '../../..');
const read = (f: string) => JSON.parse(fs.readFileSync(f, 'utf8'));
const locales = () =>
  Object.fromEntries(['en', 'uk'].map((l) => [l, read(path.join(root, 'src/locales', `${l}.json`))]));

describe('validate:schemas and validation messages', () => {
  it('names a message key a schema asks for (x-message) that a language lacks', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    fs.cpSync(path.join(root, 'schemas'), dir, { recursive: true });
    const file = path.join(dir, 'resources/discounts.json');
    const discounts = read(file);
    discounts.allOf[0].then.properties.value['x-message'] = 'validation.percentage_nope';
    fs.writeFileSync(file, JSON.stringify(discounts));
    expect(checkSchemas(dir, locales(), [], Object.keys(screenWidgets))).toEqual([
      'resources/discounts.json#/allOf/0/then/properties/value/x-message: i18n key "validation.percentage_nope" is missing in en',
      'resources/discounts.json#/allOf/0/then/properties/value/x-message: i18n key "validation.percentage_nope" is missing in uk',
    ]);
  });

  it('names a validation message the validators use that a language lacks', () => {
    const texts = locales();
    delete texts.uk.validation.invalid;
    expect(checkSchemas(path.join(root, 'schemas'), texts, [], Object.keys(screenWidgets))).toEqual([
      'src/locales#/validation: i18n key "validation.invalid" is missing in uk',
    ]);
  });
});
