import { ajvOptions } from '../../src/server/app';
import { requestValidatorFactory } from '../../src/server/engine/request-validator';
import { testApp, type TestApp } from '../helpers/app';

// The routes' request validators are compiled when a request first needs one (engine/request-validator.ts), so a
// schema that cannot compile would surface only then: here every route's body, query, parameters and headers are
// compiled, as the server compiles them, with the app's shared schemas.
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

it("compiles every route's request schemas", () => {
  const compile = (requestValidatorFactory(ajvOptions) as unknown as (external: object) => (route: object) => unknown)(
    t.app.getSchemas(),
  );
  const parts = ['body', 'querystring', 'params', 'headers'] as const;
  const compiled: string[] = [];
  const failures: string[] = [];
  for (const route of t.app.routeList)
    for (const httpPart of parts) {
      const schema = route.schema?.[httpPart];
      if (!schema) continue;
      const validate = compile({ schema, httpPart }) as (data: unknown) => unknown;
      try {
        validate({}); // compiles it
        compiled.push(`${route.method} ${route.url} ${httpPart}`);
      } catch (err) {
        failures.push(`${route.method} ${route.url} ${httpPart}: ${(err as Error).message}`);
      }
    }
  expect(failures).toEqual([]);
  expect(compiled.length).toBeGreaterThan(200);
});
