import { matchRoute } from '../../../packages/renderer/core/route-match';
import { explodeOptional, rankRoutes } from '../../../packages/renderer/core/route-rank';

/** What a first-match router renders for `path` given the ranked table. */
function firstMatch(paths: string[], path: string): string | undefined {
  return rankRoutes(paths.map((p) => ({ path: p }))).find((r) => matchRoute(r.pattern, path))?.path;
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

describe('matchRoute', () => {
  it('takes named parameters, decoded', () => {
    expect(matchRoute('/clients/:id', '/clients/7')).toEqual({ id: '7' });
    expect(matchRoute('/online-booking/:slug/booking/:token', '/online-booking/olivia%20hart/booking/a%2Fb')).toEqual({
      slug: 'olivia hart',
      token: 'a/b',
    });
    expect(matchRoute('/clients/:id', '/clients/%E0%A4%A')).toEqual({ id: '%E0%A4%A' });
  });

  it('leaves an optional parameter undefined when absent', () => {
    expect(matchRoute('/clients/form/:id?', '/clients/form')).toEqual({ id: undefined });
    expect(matchRoute('/clients/form/:id?', '/clients/form/4')).toEqual({ id: '4' });
  });

  it('matches case aside and with a trailing slash, never a longer or shorter path', () => {
    expect(matchRoute('/clients/list', '/Clients/LIST/')).toEqual({});
    expect(matchRoute('/clients/:id', '/clients/7/edit')).toBeNull();
    expect(matchRoute('/clients/:id', '/clients')).toBeNull();
    expect(matchRoute('/', '/')).toEqual({});
    expect(matchRoute('/', '/clients')).toBeNull();
  });

  it('takes the rest of the path for a splat, and reads a pattern literally', () => {
    expect(matchRoute('*', '/anything/at/all')).toEqual({ '*': 'anything/at/all' });
    expect(matchRoute('/a/*', '/a/x/y')).toEqual({ '*': 'x/y' });
    expect(matchRoute('/price.list', '/price.list')).toEqual({});
    expect(matchRoute('/price.list', '/priceXlist')).toBeNull();
  });
});
