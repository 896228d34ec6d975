import type { JsonSchema } from '../../src/server/engine/schema-registry';
import { startLocalProvider, type LocalProvider } from '../../dev/stand-ins/stripe';
import { loggedIn, testApp, type Agent, type TestApp } from '../helpers/app';
import { connectThroughOAuth } from '../helpers/integrations';

const MARKER = 'AliceSecret';

/**
 * A valid body for a resource, built from its schema: every required field gets a plain value; an id of another
 * resource (`service_id`, `service_ids`) gets Alice's record of that resource, created earlier. The resources named
 * so are added to `needs`.
 */
function sampleBody(
  schema: JsonSchema,
  created: Record<string, number>,
  needs: string[] = [],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of schema.required ?? []) {
    const prop = schema.properties?.[field] ?? {};
    const types = [prop.type].flat();
    const other = /^(.+)_ids?$/.exec(field)?.[1].concat('s');
    if (other && (types.includes('integer') || prop.items?.type === 'integer')) needs.push(other);
    if (Array.isArray(prop.enum)) body[field] = prop.enum[0];
    else if (types.includes('string')) body[field] = prop.format === 'email' ? 'alice-secret@example.com' : MARKER;
    else if (other && types.includes('integer')) body[field] = created[other];
    else if (types.includes('integer') || types.includes('number'))
      body[field] = Math.max(1, Number(prop.minimum ?? 1));
    else if (types.includes('boolean')) body[field] = false;
    else if (types.includes('array') && prop.items?.type === 'integer') body[field] = [created[other!]];
    else if (types.includes('array')) body[field] = prop.default ?? [sampleBody(prop.items ?? {}, created, needs)];
  }
  return body;
}

let t: TestApp;
let provider: LocalProvider;
let alice: Agent;
let bob: Agent;
const aliceIds: number[] = [];
/** The body each of Alice's records was made with. */
const bodies = new Map<string, string>();
/** Alice's gift voucher codes, for the routes that take a code. */
const aliceCodes: string[] = [];
const created: Record<string, number> = {};
let resources: Record<string, { path: string | null; operations: string[] }>;
/** Resources an owner creates: the admin area's (promo codes) belong to no owner and are an admin's to create. */
const ownersRecords = (info: { path: string | null; operations: string[] }) =>
  Boolean(info.path && !info.path.includes('/admin/') && info.operations.includes('create'));

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
  ({ agent: alice } = await loggedIn(t.app));
  ({ agent: bob } = await loggedIn(t.app));
  // Deposits on alice's own Stripe account, connected as a person would.
  await connectThroughOAuth(alice, 'stripe');
  resources = (await alice.get('/api/v1/ui/manifest')).json().data.resources;
  const creatable = Object.entries(resources).filter(([, info]) => ownersRecords(info));
  const schemas = new Map<string, JsonSchema | null>();
  // The resource's form, or its wizard where records are made step by step (a goal).
  for (const [name] of creatable)
    schemas.set(
      name,
      (await alice.get(`/api/v1/ui/screens/${name}.form`)).json().data?.schema ??
        (await alice.get(`/api/v1/ui/screens/${name}.new`)).json().data?.schema ??
        null,
    );
  // Records that name others come after them (a package after its services).
  const needsOf = (name: string) => {
    const needs: string[] = [];
    sampleBody(schemas.get(name) ?? {}, {}, needs);
    return needs.filter((n) => n !== name && schemas.has(n)).length;
  };
  for (const [name, info] of creatable.sort(([a], [b]) => needsOf(a) - needsOf(b))) {
    const schema = schemas.get(name);
    const body = schema ? sampleBody(schema, created) : { first_name: MARKER };
    bodies.set(name, JSON.stringify(body));
    const res = await alice.post(info.path!, body);
    expect([name, res.statusCode, res.body.slice(0, 200)]).toEqual([name, 201, expect.any(String)]);
    aliceIds.push(res.json().data.id);
    created[name] = res.json().data.id;
  }
  // Hand-written features too: an appointment.
  const appointment = await alice.post('/api/v1/appointments', {
    type: 'private',
    title: MARKER,
    date: '2027-01-04',
    start_time: '09:00',
    duration: 30,
    client_ids: [created.clients],
  });
  expect(appointment.statusCode).toBe(201);
  aliceIds.push(appointment.json().data.id);
  // And money: a payment of Alice's client (the payments list would name them), by its id and its checkout's.
  const payment = await alice.post('/api/v1/payments', {
    client_id: created.clients,
    payments: [{ method: 'cash', amount: 500 }],
  });
  expect(payment.statusCode).toBe(201);
  aliceIds.push(payment.json().data.payments[0].id, payment.json().data.id);
  // And a sale to her client of a gift voucher, a package and a product, unpaid: its id, the package sold, the code.
  const byPath = (path: string) => created[Object.entries(resources).find(([, info]) => info.path === path)![0]];
  const sold = await alice.post('/api/v1/payments', {
    client_id: created.clients,
    items: [
      { kind: 'gift_voucher', id: byPath('/api/v1/gift-voucher') },
      { kind: 'package', id: byPath('/api/v1/packages') },
      { kind: 'product', id: byPath('/api/v1/products') },
    ],
    payments: [],
  });
  expect([sold.statusCode, sold.body.slice(0, 200)]).toEqual([201, expect.any(String)]);
  const sale = (await alice.get(`/api/v1/sales/${sold.json().data.sale_id}`)).json().data;
  aliceIds.push(sale.id, ...sale.items[1].package_sale_ids);
  aliceCodes.push(sale.items[0].codes[0]);
  expect(
    JSON.stringify(await alice.get(`/api/v1/gift-vouchers/code/${aliceCodes[0]}`).then((r) => r.json())),
  ).toContain(MARKER);
  // The codes sold of her gift voucher name her client: the walk asks for them by her ids.
  expect((await alice.get(`/api/v1/gift-voucher/codes/${byPath('/api/v1/gift-voucher')}`)).body).toContain(MARKER);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

describe('no route answers another owner’s data', () => {
  it('walks every registered API route as another owner', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/v1/') && !r.url.startsWith('/api/v1/ui/'));
    expect(routes.length).toBeGreaterThan(5);
    const checked: string[] = [];
    for (const route of routes) {
      const ids = route.url.includes(':') ? [...aliceIds, ...aliceCodes] : [0];
      // Lists are also asked for Alice's client by id (the client filters), and by her name.
      const queries =
        route.method === 'GET' && !route.url.includes(':')
          ? ['', `?client_id=${created.clients}`, `?search=${MARKER}`]
          : [''];
      for (const [id, query] of ids.flatMap((i) => queries.map((q) => [i, q] as const))) {
        const url = route.url.replace(/:[a-zA-Z]+/g, String(id)) + query;
        const body =
          route.method === 'GET' || route.method === 'DELETE'
            ? undefined
            : { first_name: 'Bob was here', format: 'csv' };
        const res = await bob.request(route.method as 'GET', url, body);
        checked.push(`${route.method} ${url} → ${res.statusCode}`);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toContain(MARKER);
      }
    }
    // Alice's records are untouched by all of it.
    expect(JSON.stringify((await alice.get('/api/v1/appointments?from=2027-01-01&to=2027-01-31')).json())).toContain(
      MARKER,
    );
    for (const [name, info] of Object.entries(resources)) {
      if (!ownersRecords(info)) continue;
      const list = (await alice.get(info.path!)).json();
      // A record with no text of its own (a goal: a type, a period, an amount) is found by its id.
      if (bodies.get(name)?.includes(MARKER)) expect(JSON.stringify(list)).toContain(MARKER);
      else expect(list.data.map((r: { id: number }) => r.id)).toContain(created[name]);
      expect(JSON.stringify(list)).not.toContain('Bob was here');
    }
    expect(checked.length).toBeGreaterThanOrEqual(routes.length);
  });
});
