import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Routes the API serves: its own paths (the docs' pages and static files are the libraries' own). */
const isApi = (url: string) => (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/sanctum/');

describe('response schemas', () => {
  it('are declared on every API route, for its success and its refusals', () => {
    const routes = t.app.routeList.filter((r) => isApi(r.url));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .filter((r) => {
        const codes = Object.keys((r.schema?.response as Record<string, unknown> | undefined) ?? {});
        return !codes.some((c) => /^[23]/.test(c)) || !codes.includes('4xx');
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('give every operation of the OpenAPI document its success response', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { description?: string; content?: unknown }> }>
      >;
    };
    const undocumented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, op]) =>
            !Object.entries(op.responses ?? {}).some(
              ([code, r]) => /^[23]/.test(code) && (r.content !== undefined || r.description !== 'Default Response'),
            ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    expect(undocumented).toEqual([]);
  });
});
