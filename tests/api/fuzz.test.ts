import type { JsonSchema } from '../../src/server/engine/schema-registry';
import { startLocalProvider, type LocalProvider } from '../../dev/stand-ins/stripe';
import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';
import { connectThroughOAuth } from '../helpers/integrations';
import { BAD_PATH, BAD_QUERY, badValues, nested, Raw, sampleBody, toJson } from '../helpers/fuzz-inputs';

/**
 * Schema-derived bad input on EVERY registered route, as a logged-in owner and as a guest: ids beyond the
 * column range and non-finite numbers in paths, query strings and bodies (child rows included), NUL characters,
 * "" and null for required fields, huge pages and deep nesting. No answer may be a 5xx, on either database.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Route = { method: string; url: string; schema?: { body?: unknown; querystring?: unknown; params?: unknown } };

let t: TestApp;
let provider: LocalProvider;
let owner: Agent;
let guest: Agent;
/** A client who verified their email on the owner's booking page: the public booking routes read on for them. */
let client: Agent;
const SLUG = `fuzz-${Date.now()}`;
/** Fields whose plain value would be refused: the owner's own page address, an email destination, a bookable time. */
const NAMED: Record<string, unknown> = {
  slug: SLUG,
  destination: 'fuzz@example.com',
  start: '2027-01-05T10:00:00.000Z',
};
/** An existing record per resource path (`/api/v1/services` → a service id), for routes that take an id. */
const idsByPath: Record<string, number> = {};
const idsByResource: Record<string, number> = {};
let servicePublicId = 'none';

beforeAll(async () => {
  // Card payments and billing configured (the local provider), so their routes answer as in production.
  provider = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset' });
  t = await testApp({
    stripeSecretKey: provider.secretKey,
    stripeWebhookSecret: provider.webhookSecret,
    stripeBillingWebhookSecret: provider.billingWebhookSecret,
    stripeApiUrl: provider.url,
    stripeConnectClientId: provider.clientId,
    stripeConnectUrl: provider.url,
  });
  ({ agent: owner } = await loggedIn(t.app));
  // Deposits on owner's own Stripe account, connected as a person would.
  await connectThroughOAuth(owner, 'stripe');
  guest = new Agent(t.app);
  guest.ip = '192.0.2.55';
  await guest.get('/sanctum/csrf-cookie');
  const service = (await owner.post('/api/v1/services', { title: 'Cut', price: 3000, duration: 30 })).json().data;
  servicePublicId = service.public_id;
  NAMED.service = service.public_id;
  const settings = await owner.put('/api/v1/user/booking-settings', {
    enabled: true,
    slug: SLUG,
    service_ids: [service.id],
    existing_clients_only: false,
    block_new_bookings: false,
    remember_days: 30,
    deposit_mode: 'per_service',
  });
  expect(settings.statusCode).toBe(200);
  const { resources } = (await owner.get('/api/v1/ui/manifest')).json().data as {
    resources: Record<string, { path: string | null; operations: string[] }>;
  };
  for (const [name, info] of Object.entries(resources)) {
    if (!info.path || !info.operations.includes('create')) continue;
    const schema = t.app.getSchema(`${name}.request`) as JsonSchema | undefined;
    const res = await owner.post(info.path, schema ? sampleBody(schema, idsByResource, NAMED) : {});
    if (res.statusCode !== 201) continue;
    idsByPath[info.path] = res.json().data.id;
    idsByResource[name] = res.json().data.id;
  }
  const appointment = await owner.post('/api/v1/appointments', {
    type: 'private',
    title: 'Fuzz',
    date: '2027-01-05',
    start_time: '09:00',
    duration: 30,
    client_ids: [idsByResource.clients],
  });
  expect(appointment.statusCode).toBe(201);
  idsByPath['/api/v1/appointments'] = appointment.json().data.id;
  client = new Agent(t.app);
  client.ip = '192.0.2.77';
  await client.get('/sanctum/csrf-cookie');
  const code = await client.post(`/api/v1/online-booking/${SLUG}/codes`, {
    channel: 'email',
    destination: 'fuzz.client@example.com',
  });
  const [mail] = await t.app.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', 'fuzz.client@example.com')
    .execute();
  const verified = await client.post(`/api/v1/online-booking/${SLUG}/codes/verify`, {
    token: code.json().data.token,
    code: /\b(\d{6})\b/.exec(mail.body)![1],
  });
  expect(verified.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** A JSON schema as registered: `{ $ref: 'services.request#' }` resolved. */
function resolve(schema: unknown): JsonSchema | undefined {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  return ref ? (t.app.getSchema(ref.replace(/#$/, '')) as JsonSchema | undefined) : (schema as JsonSchema | undefined);
}

/** A value for a path parameter that names something real, so the other parts of the request get looked at. */
function goodParam(name: string, url: string): string {
  if (name === 'slug') return SLUG;
  if (name === 'service') return servicePublicId;
  if (name === 'lng') return 'en';
  if (name === 'id') {
    // `/api/v1/services/:id/availability` → a service; `/api/v1/clients/appointments/:id` → a client.
    const base = url.replace(/\/:id.*$/, '');
    return String(idsByPath[base] ?? idsByPath[base.replace(/\/[^/]+$/, '')] ?? 1);
  }
  return 'x';
}

const PARAM = /:([A-Za-z]+)|\*/g;
function fill(url: string, bad?: { name: string; value: string }): string {
  return url.replace(PARAM, (m, name: string | undefined) => {
    const key = name ?? '*';
    return bad && bad.name === key ? bad.value : goodParam(key, url);
  });
}

function goodQuery(schema: JsonSchema | undefined): Record<string, string> {
  const q: Record<string, string> = {};
  for (const field of schema?.required ?? [])
    q[field] = field === 'to' ? '2027-01-10' : field === 'from' ? '2027-01-04' : '1';
  return q;
}

describe('the fuzz over every route', () => {
  it('answers no bad input with a 5xx, as an owner, a guest or a verified booking client', async () => {
    const failures: string[] = [];
    let sent = 0;
    const send = async (who: Agent, method: Method, url: string, body?: string) => {
      const res = await who.request(
        method,
        url,
        body,
        body === undefined ? {} : { 'content-type': 'application/json' },
      );
      sent++;
      if (res.statusCode >= 500)
        failures.push(
          `${who === owner ? 'owner' : who === client ? 'client' : 'guest'} ${method} ${url} ${(body ?? '').slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
    };
    // Routes that end the owner's session or account are sent by the guest only (who gets a new session after
    // logging out); deletions go last.
    const ownerSkips = new Set(['POST /api/logout', 'DELETE /api/v1/user/delete']);
    const routes = [...(t.app.routeList as Route[])].sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    expect(routes.length).toBeGreaterThan(50);

    for (const route of routes) {
      const method = route.method as Method;
      const hasBody = method === 'POST' || method === 'PUT' || method === 'DELETE';
      const bodySchema = resolve(route.schema?.body);
      const querySchema = resolve(route.schema?.querystring);
      const base = bodySchema?.properties ? sampleBody(bodySchema, idsByResource, NAMED) : {};
      const baseJson = hasBody ? toJson(base) : undefined;
      const query = goodQuery(querySchema);
      const withQuery = (url: string, extra: Record<string, string> = {}) => {
        const q = new URLSearchParams({ ...query, ...extra }).toString().replace(/a%2500b/g, 'a%00b');
        return q ? `${url}?${q}` : url;
      };
      for (const who of [owner, guest, client]) {
        if (who === owner && ownerSkips.has(`${method} ${route.url}`)) continue;
        if (who === client && !route.url.startsWith('/api/v1/online-booking/')) continue;
        if (!who.cookies['XSRF-TOKEN']) await who.get('/sanctum/csrf-cookie');
        // A route the guest may not use answers 401 before reading anything: once is enough.
        if (
          who === guest &&
          (
            await guest.request(
              method,
              fill(route.url),
              baseJson,
              hasBody ? { 'content-type': 'application/json' } : {},
            )
          ).statusCode === 401
        ) {
          if (hasBody) await send(who, method, fill(route.url), `{"a":${nested(8000)}}`);
          continue;
        }
        // Path parameters.
        for (const m of route.url.matchAll(PARAM)) {
          for (const value of BAD_PATH)
            await send(who, method, withQuery(fill(route.url, { name: m[1] ?? '*', value })), baseJson);
        }
        const url = fill(route.url);
        // Query strings: every declared parameter with every bad value; other routes get them all at once.
        for (const name of Object.keys(querySchema?.properties ?? {})) {
          for (const value of BAD_QUERY)
            await send(who, method, withQuery(url, { [name]: value === 'a%00b' ? 'a%2500b' : value }), baseJson);
        }
        if (!querySchema?.properties)
          await send(who, method, `${url}?page=1e18&per_page=Infinity&id=99999999999999999999999&q=a%00b`, baseJson);
        if (!hasBody) continue;
        // Bodies: the whole body, then each field (and each field of a child row) with every bad value.
        for (const whole of ['null', '[]', '"x"', '1e309', `{"a":${nested(8000)}}`, nested(100)])
          await send(who, method, url, whole);
        for (const [field, prop] of Object.entries(bodySchema?.properties ?? {})) {
          for (const value of badValues(prop)) await send(who, method, url, toJson({ ...base, [field]: value }));
          const items = prop.items;
          if (!items?.properties) continue;
          const row = sampleBody(items, idsByResource, NAMED);
          for (const [inner, innerProp] of Object.entries(items.properties)) {
            for (const value of [
              null,
              '',
              'Infinity',
              new Raw('1e309'),
              2147483648,
              2 ** 53,
              'a\u0000b',
              ...(innerProp.type === 'array' ? [[2147483648]] : []),
            ]) {
              await send(who, method, url, toJson({ ...base, [field]: [{ ...row, [inner]: value }] }));
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // The owner is still who they were: nothing above ended the session.
    expect((await owner.get('/api/v1/user')).statusCode).toBe(200);
    // A guard against a hang: about 40 s alone, four to five times that beside the browser tests on two cores.
  }, 900_000);
});
