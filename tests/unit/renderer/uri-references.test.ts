import fastUri from 'fast-uri';
import shim from '../../../packages/renderer/react/form/uri-references';

/** The browser build swaps fast-uri for this small resolver inside rjsf: it must resolve `$ref`s as fast-uri does. */
describe('uri references (rjsf $ref lookup)', () => {
  it.each([
    ['', '#/a'],
    ['https://example.com/schemas/a.json', '#/defs/x'],
    ['https://example.com/schemas/a.json', 'b.json'],
    ['https://example.com/schemas/a.json', '/c.json#x'],
    ['https://example.com/schemas/a.json', '../d.json'],
    ['https://example.com/a/b', './c'],
    ['https://example.com/a?q=1', '#f'],
    ['https://example.com/a', 'https://other.test/z#/y'],
    ['a.json', '#/x'],
    ['schemas/a.json', 'b.json'],
    ['schemas/a.json', '#/$defs/money'],
    ['urn:uuid:1234', '#/x'],
  ])('resolves %j against %j as fast-uri does', (base, ref) => {
    expect(shim.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it.each([
    ['https://example.com/a#', 'https://example.com/a'],
    ['https://EXAMPLE.com/a', 'https://example.com/a'],
    ['https://example.com/a/../b', 'https://example.com/b'],
    ['a.json', 'a.json'],
    ['a.json', 'b.json'],
    ['#/x', '#/x'],
    ['urn:x:y', 'urn:x:y'],
  ])('compares %j and %j as fast-uri does', (a, b) => {
    expect(shim.equal(a, b)).toBe(fastUri.equal(a, b));
  });

  it('drops a default port, where fast-uri keeps it (the same resource either way)', () => {
    expect(shim.resolve('https://example.com:443/a', 'b')).toBe('https://example.com/b');
    expect(shim.equal('https://example.com:443/a', 'https://example.com/a')).toBe(true);
  });
});
