import { duplicateKeys } from '../../../scripts/duplicate-keys';

describe('duplicateKeys', () => {
  it('names a key given twice in one object, with its path', () => {
    expect(duplicateKeys('{"a": {"keep": "Keep it", "x": 1, "keep": "Keep my booking"}, "b": 2}')).toEqual(['a.keep']);
  });

  it('lets the same key stand in different objects, arrays of objects and strings', () => {
    const text = JSON.stringify(
      { a: { k: 1 }, b: { k: 2 }, list: [{ k: 1 }, { k: 2 }], s: 'has "k": and { braces [' },
      null,
      2,
    );
    expect(duplicateKeys(text)).toEqual([]);
  });

  it('finds none in the app’s own texts', () => {
    const fs = jest.requireActual<typeof import('node:fs')>('node:fs');
    for (const l of ['en', 'uk'])
      expect([l, duplicateKeys(fs.readFileSync(`${__dirname}/../../../src/locales/${l}.json`, 'utf8'))]).toEqual([
        l,
        [],
      ]);
  });
});
