import fs from 'node:fs';
import path from 'node:path';
import { AREA_GROUPS, GUEST_GROUPS, guestTexts } from '../../../src/server/plugins/first-screen-texts';
import en from '../../../src/locales/en.json';
import uk from '../../../src/locales/uk.json';

const schemas = path.resolve(__dirname, '../../../schemas/screens');
const screen = (file: string) => JSON.parse(fs.readFileSync(path.join(schemas, file), 'utf8'));
const at = (texts: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe('the texts a guest first screen carries', () => {
  it.each([
    ['auth/login.json', 'guest'],
    ['auth/register.json', 'guest'],
    ['auth/forgot-password.json', 'guest'],
    ['booking/wizard.json', 'public'],
  ])(
    "%s: every key the screen names, its fields, the shared groups and its area's — not another area's",
    (file, area) => {
      const def = screen(file);
      for (const texts of [en, uk]) {
        const carried = guestTexts(texts, area, def);
        for (const group of AREA_GROUPS[area]) expect(at(carried, group)).toEqual(at(texts, group));
        for (const [other, groups] of Object.entries(AREA_GROUPS))
          if (other !== area) for (const group of groups) expect(at(carried, group)).toBeUndefined();
        expect(at(carried, def.title)).toBe(at(texts, def.title));
        if (def.resource) expect(at(carried, `fields.${def.resource}`)).toEqual(at(texts, `fields.${def.resource}`));
        for (const group of GUEST_GROUPS) expect(at(carried, group)).toEqual(at(texts, group));
        for (const group of ['menu', 'calendar', 'subscription', 'mail', 'messages'])
          expect(at(carried, group)).toBeUndefined();
        expect(JSON.stringify(carried).length).toBeLessThan(JSON.stringify(texts).length * 0.75);
        // The names of the choices the screen's form offers, not every choice the owner's screens name.
        const offered = JSON.stringify(def).match(/"enum":\[[^\]]*\]/g) ?? [];
        for (const list of offered)
          for (const value of JSON.parse(list.slice(7)) as unknown[])
            if (at(texts, `enums.${String(value)}`) !== undefined)
              expect(at(carried, `enums.${String(value)}`)).toBe(at(texts, `enums.${String(value)}`));
        expect(at(carried, 'enums.subscriber')).toBeUndefined();
      }
    },
  );

  it("carries the choices of a screen's form by name (enum values in its schema)", () => {
    const texts = { enums: { GB: 'United Kingdom', UA: 'Ukraine', draft: 'Draft' } };
    const def = { schema: { properties: { region: { type: 'string', enum: ['GB', 'UA'] } } } };
    expect(guestTexts(texts, 'guest', def)).toEqual({ enums: { GB: 'United Kingdom', UA: 'Ukraine' } });
  });

  it('keeps sibling keys of a group it copies only in part', () => {
    const texts = { screens: { login: { title: 'Log in' }, dashboard: { title: 'Dashboard' } }, menu: { a: 'A' } };
    expect(guestTexts(texts, 'guest', { title: 'screens.login.title', note: 'not.a.key' })).toEqual({
      screens: { login: { title: 'Log in' } },
    });
  });

  it('carries a plural text by each of its forms (i18next picks one by the count)', () => {
    const texts = { screens: { join: { by_one: 'One month', by_other: 'Months', byline: 'Not it' } } };
    expect(guestTexts(texts, 'guest', { notes: [{ text: 'screens.join.by', count: 'months' }] })).toEqual({
      screens: { join: { by_one: 'One month', by_other: 'Months' } },
    });
  });
});
