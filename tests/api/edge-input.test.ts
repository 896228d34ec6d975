import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
let guest: Agent;
let slug: string;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  guest = new Agent(t.app);
  await guest.get('/sanctum/csrf-cookie');
  slug = `edge-${Date.now()}`;
  const service = (await owner.post('/api/v1/services', { title: 'Consultation', price: 0, duration: 30 })).json().data;
  const settings = await owner.put('/api/v1/user/booking-settings', {
    enabled: true,
    slug,
    service_ids: [service.id],
    existing_clients_only: false,
    block_new_bookings: false,
    remember_days: 30,
    deposit_mode: 'per_service',
  });
  expect([settings.statusCode, settings.body]).toEqual([200, expect.any(String)]);
});
afterAll(async () => t.close());

const nested = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);
const json = (agent: Agent, method: 'POST' | 'PUT', url: string, text: string) =>
  agent.request(method, url, text, { 'content-type': 'application/json' });

describe('deeply nested JSON', () => {
  const TOO_DEEP = { message: 'The request nests too deeply (at most 32 levels).' };

  it('is refused with a 400 in words before any route sees it, public routes included', async () => {
    const deep = nested(8000);
    const answers = [
      await json(owner, 'POST', '/api/v1/clients', `{"first_name":${deep}}`),
      await json(owner, 'PUT', '/api/v1/user/profile', `{"first_name":"A","x":${deep}}`),
      await json(guest, 'POST', '/api/login', `{"email":${deep},"password":"x"}`),
      await json(guest, 'POST', `/api/v1/online-booking/${slug}/codes`, `{"channel":"email","destination":${deep}}`),
      await json(guest, 'POST', '/api/v1/online-booking/payments/webhook', `{"data":${deep}}`),
      await json(
        guest,
        'POST',
        `/api/v1/online-booking/${slug}/codes`,
        `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
      ),
    ];
    for (const res of answers) expect([res.statusCode, res.json()]).toEqual([400, TOO_DEEP]);
    // Nothing broke: the app answers as before.
    expect((await owner.get('/api/v1/clients')).statusCode).toBe(200);
  });

  it('counts structure only: brackets inside strings and ordinary nesting pass', async () => {
    const res = await json(
      owner,
      'POST',
      '/api/v1/clients',
      JSON.stringify({ first_name: '['.repeat(100), last_name: '\\"[{' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.first_name).toBe('['.repeat(100));
    const service = await owner.post('/api/v1/services', {
      title: 'Colour',
      price: 5000,
      duration: 60,
      parts: [
        { title: 'Apply', duration: 30, blocked: true },
        { title: 'Rinse', duration: 30, blocked: true },
      ],
    });
    expect(service.statusCode).toBe(201);
  });
});

describe('page numbers', () => {
  it('bounds page and per_page on every list: 422 for huge or non-finite values, an empty page past the end', async () => {
    const { resources } = (await owner.get('/api/v1/ui/manifest')).json().data as {
      resources: Record<string, { path: string | null; operations: string[] }>;
    };
    const lists = Object.values(resources)
      .filter((r) => r.path && r.operations.includes('list'))
      .map((r) => r.path!);
    expect(lists.length).toBeGreaterThan(5);
    const checked: string[] = [];
    for (const list of [...lists, '/api/v1/clients/appointments/1']) {
      // Lists this owner may not read (the admin's) answer 403 before any parameter is looked at.
      if ((await owner.get(list)).statusCode === 403) continue;
      checked.push(list);
      for (const page of ['1e18', '9007199254740993', 'Infinity', '1e400']) {
        const res = await owner.get(`${list}?page=${page}`);
        expect([list, page, res.statusCode]).toEqual([list, page, 422]);
        expect(Object.keys(res.json().errors)).toEqual(['page']);
      }
      if (lists.includes(list))
        expect([list, (await owner.get(`${list}?per_page=1e18`)).statusCode]).toEqual([list, 422]);
    }
    expect(checked.length).toBeGreaterThan(5);
    const last = await owner.get('/api/v1/clients?page=2147483647');
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toEqual([]);
  });
});

describe('NUL characters', () => {
  it('in a path parameter: 404 before the database', async () => {
    for (const url of [
      '/api/v1/online-booking/a%00b',
      `/api/v1/online-booking/a%00b/classes?from=2027-01-04&to=2027-01-10`,
      `/api/v1/online-booking/${slug}/bookings/a%00b`,
      '/api/v1/ui/screens/a%00b',
    ]) {
      const res = await guest.get(url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { message: 'No query results for that record.' }]);
    }
    const code = await guest.post('/api/v1/online-booking/a%00b/codes', {
      channel: 'email',
      destination: 'ann@example.com',
    });
    expect(code.statusCode).toBe(404);
  });

  it('in a query value: 422 naming the parameter', async () => {
    const res = await owner.get('/api/v1/clients?search=a%00b');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The search format is invalid.',
      errors: { search: ['The search format is invalid.'] },
    });
    expect((await owner.get(`/api/v1/appointments?from=2027-01-01%00&to=2027-01-31`)).statusCode).toBe(422);
  });

  it('in a body string: 422, nothing stored', async () => {
    const res = await owner.post('/api/v1/clients', { first_name: 'a\u0000b' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['first_name']);
    const pub = await guest.post(`/api/v1/online-booking/${slug}/codes`, {
      channel: 'email',
      destination: 'a\u0000@example.com',
    });
    expect(pub.statusCode).toBe(422);
  });
});

describe('bodies the server cannot read', () => {
  it('are refused in the caller’s words, not the parser’s', async () => {
    const broken = await json(guest, 'POST', '/api/login', '{"email": "a@b.c", ');
    expect([broken.statusCode, broken.json()]).toEqual([
      400,
      { message: 'The request could not be read. Please try again.' },
    ]);
    const empty = await json(guest, 'POST', '/api/login', '');
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { message: 'The request could not be read. Please try again.' },
    ]);
    const other = await guest.request('POST', '/api/login', 'email=a', { 'content-type': 'text/csv' });
    expect([other.statusCode, other.json()]).toEqual([415, { message: 'This kind of request is not supported.' }]);
    guest.locale = 'uk';
    const uk = await json(guest, 'POST', '/api/login', '{');
    guest.locale = 'en';
    expect(uk.json()).toEqual({ message: 'Не вдалося прочитати запит. Спробуйте ще раз.' });
  });
});
