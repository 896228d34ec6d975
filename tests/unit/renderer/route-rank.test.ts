import { matchRoute } from 'wouter';
import { parse } from 'regexparam';
import { explodeOptional, rankRoutes } from '../../../packages/renderer/core/route-rank';

/** What a first-match router renders for `path` given the ranked table. */
function firstMatch(paths: string[], path: string): string | undefined {
  return rankRoutes(paths.map((p) => ({ path: p }))).find((r) => matchRoute(parse, r.pattern, path)[0])?.path;
}

describe('rankRoutes', () => {
  it('puts static segments before parameters whatever the declared order', () => {
    const table = ['/clients/:id', '/clients/form/:id?', '/clients/list', '/clients/new'];
    expect(firstMatch(table, '/clients/new')).toBe('/clients/new');
    expect(firstMatch(table, '/clients/list')).toBe('/clients/list');
    expect(firstMatch(table, '/clients/form')).toBe('/clients/form/:id?');
    expect(firstMatch(table, '/clients/form/4')).toBe('/clients/form/:id?');
    expect(firstMatch(table, '/clients/4')).toBe('/clients/:id');
  });

  it('puts parameters before splats, and the catch-all last', () => {
    const table = ['*', '/a/*', '/a/:b', '/', '/a'];
    expect(rankRoutes(table.map((path) => ({ path }))).map((r) => r.pattern)).toEqual([
      '/a/:b',
      '/a',
      '/a/*',
      '/',
      '/*',
    ]);
    expect(firstMatch(table, '/a/x')).toBe('/a/:b');
    expect(firstMatch(table, '/a/x/y')).toBe('/a/*');
    expect(firstMatch(table, '/elsewhere')).toBe('*');
  });

  it('keeps the declared order between equally specific patterns', () => {
    expect(firstMatch(['/a/:x/c', '/a/b/:y'], '/a/b/c')).toBe('/a/:x/c');
    expect(firstMatch(['/a/b/:y', '/a/:x/c'], '/a/b/c')).toBe('/a/b/:y');
  });

  it('ranks each pattern an optional segment allows on its own', () => {
    expect(explodeOptional('/a/:b?/c/:d?')).toEqual(['/a/:b/c/:d', '/a/:b/c', '/a/c/:d', '/a/c']);
    expect(explodeOptional('/')).toEqual(['/']);
    // `/x/:id?` without its id is as specific as `/x`: declared first, it wins there; `/x/:other` never takes `/x`.
    const table = ['/x/:id?', '/x/:other', '/x'];
    expect(firstMatch(table, '/x')).toBe('/x/:id?');
    expect(firstMatch(table, '/x/1')).toBe('/x/:id?');
    expect(firstMatch(['/x/:other', '/x/:id?'], '/x/1')).toBe('/x/:other');
  });
});
