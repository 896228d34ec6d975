import Ajv2020 from 'ajv/dist/2020';
import manifestSchema from '../../packages/renderer/dialect/manifest.schema.json';
import navigationMeta from '../../packages/renderer/language/navigation.schema.json';
import screenMeta from '../../packages/renderer/language/screen.schema.json';
import { standalone } from '../../src/server/engine/dialect-schemas';
import { toSessionUser } from '../../src/server/infra/sessions';
import { presentUser } from '../../src/server/infra/users';
import { loggedIn, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

/** The success schema a route declares for its `data`. */
function declaredData(url: string): Json {
  const route = t.app.routeList.find((r) => r.method === 'GET' && r.url === url)!;
  const ok = (route.schema!.response as Record<string, { properties: { data: Json } }>)['200'];
  return ok.properties.data;
}

/**
 * Objects in a schema that let through what they do not declare: their fields would be typed `unknown` for the
 * browser. A map (`additionalProperties` given as a schema) declares its values, so it is not one.
 */
function openObjects(schema: unknown, at = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Json;
  const isObject = node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));
  const open =
    isObject && (node.additionalProperties === true || (!node.properties && node.additionalProperties === undefined));
  return [
    ...(open ? [at || '/'] : []),
    ...Object.entries((node.properties as Json | undefined) ?? {}).flatMap(([k, v]) => openObjects(v, `${at}/${k}`)),
    ...openObjects(node.items, `${at}[]`),
    ...(typeof node.additionalProperties === 'object' ? openObjects(node.additionalProperties, `${at}/*`) : []),
  ];
}

describe('GET /api/v1/ui/manifest', () => {
  it("declares the renderer's manifest schema as its answer, every object closed", () => {
    expect(declaredData('/api/v1/ui/manifest')).toEqual(standalone(manifestSchema));
    expect(openObjects(declaredData('/api/v1/ui/manifest'))).toEqual([]);
  });

  it('answers what the schema describes, nothing the browser reads dropped by the serialiser', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' })).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(navigationMeta).addSchema(screenMeta);
    const valid = ajv.validate(manifestSchema, data);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // Written through the closed schema: the navigation and each screen's summary arrive whole.
    expect(data.navigation).toEqual(t.app.registry.navigation);
    for (const screen of t.app.registry.screens.values()) {
      const { id, kind, route, title, resource, gate } = screen;
      expect(data.screens).toContainEqual(JSON.parse(JSON.stringify({ id, kind, route, title, resource, gate })));
    }
    expect(data.screens.some((s: { gate?: unknown }) => s.gate)).toBe(true);
  });
});

describe('GET /api/v1/user', () => {
  it('declares every field it answers: no object in its schema is left open', () => {
    expect(openObjects(declaredData('/api/v1/user'))).toEqual([]);
  });

  it('answers every field of the presented user, settings saved by the owner included', async () => {
    const { agent, user } = await loggedIn(t.app);
    expect(
      (
        await agent.put('/api/v1/user/calendar-settings', {
          time_zone: 'Europe/Kyiv',
          slot_step: 30,
          min_notice_minutes: 0,
        })
      ).statusCode,
    ).toBe(200);
    const hours = { open: true, start: '10:00', end: '18:00', breaks: [{ start: '13:00', end: '14:00' }] };
    expect((await agent.put('/api/v1/user/business-time-settings/2', hours)).statusCode).toBe(200);
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();

    const { data } = (await agent.get('/api/v1/user')).json();
    expect(data).toEqual({ ...JSON.parse(JSON.stringify(presentUser(toSessionUser(row)))), locations: [] });
    expect(data.calendarSettings).toMatchObject({ time_zone: 'Europe/Kyiv', slot_step: 30, default_view: 'week' });
    expect(data.businessTimeSettings[1]).toEqual({ id: 2, weekday: 2, ...hours });
  });
});
