import { loggedIn, testApp, type Agent, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
let lite: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  ({ agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' }));
});
afterAll(async () => t.close());

const service = (over: Record<string, unknown> = {}) => ({
  title: 'Cut & colour',
  price: 4500,
  duration: 90,
  parts: [{ title: 'Cut', duration: 45, blocked: true }],
  ...over,
});

describe('services', () => {
  it('needs at least one part, in the spec’s words', async () => {
    const res = await owner.post('/api/v1/services', service({ parts: [] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.parts).toEqual(['A service needs at least one part.']);
  });

  it('needs a blocked part when multipart', async () => {
    const res = await owner.post(
      '/api/v1/services',
      service({ multipart: true, parts: [{ title: 'Processing', duration: 30, blocked: false }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.parts).toEqual(['A multipart service needs at least one blocked part.']);
  });

  it('stores a multipart service with free and blocked parts in order', async () => {
    const res = await owner.post(
      '/api/v1/services',
      service({
        multipart: true,
        parts: [
          { title: 'Apply', duration: 20, blocked: true },
          { title: 'Develop', duration: 30, blocked: false },
          { title: 'Rinse', duration: 15, blocked: true },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const id = expect.any(Number);
    expect(res.json().data.parts).toEqual([
      { id, title: 'Apply', duration: 20, blocked: true },
      { id, title: 'Develop', duration: 30, blocked: false },
      { id, title: 'Rinse', duration: 15, blocked: true },
    ]);
  });

  it('exports services, money in pounds under a heading naming the currency', async () => {
    await owner.post('/api/v1/services', service({ title: 'Fringe trim', price: 2500, deposit_amount: 1050 }));
    const csv = await owner.post('/api/v1/services/export', { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    const [heading, ...lines] = csv.body.trim().split('\n');
    expect(heading.split(',')).toEqual([
      'Title',
      'Price (GBP)',
      'Duration',
      'Multipart service',
      'Bookable online',
      'Deposit (GBP)',
      'Archived',
    ]);
    expect(lines.find((l) => l.startsWith('Fringe trim,'))).toMatch(/^Fringe trim,25,90,No,No,10\.5,No$/);
  });
});

describe('packages and gift vouchers link services and products', () => {
  it('needs at least one service, and only the owner’s own', async () => {
    const mine = (await owner.post('/api/v1/services', service())).json().data.id;
    const theirs = (await lite.post('/api/v1/services', service())).json().data.id;
    expect(
      (await owner.post('/api/v1/packages', { title: 'Five cuts', price: 20000, services: [] })).json().errors.services,
    ).toEqual(['A package needs at least one service.']);
    const foreign = await owner.post('/api/v1/packages', {
      title: 'Five cuts',
      price: 20000,
      services: [
        { service_id: mine, quantity: 1 },
        { service_id: theirs, quantity: 1 },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.services).toEqual(['The selected services included is invalid.']);
    const twice = await owner.post('/api/v1/packages', {
      title: 'Five cuts',
      price: 20000,
      services: [
        { service_id: mine, quantity: 1 },
        { service_id: mine, quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.services).toEqual(['The services included field has a duplicate value.']);
    const ok = await owner.post('/api/v1/packages', {
      title: 'Five cuts',
      price: 20000,
      services: [{ service_id: mine, quantity: 5 }],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.services).toEqual([
      { id: expect.any(Number), service_id: mine, quantity: 5, service_title: 'Cut & colour' },
    ]);
  });

  it('says how many of each service a package includes, by name, and keeps it through an edit', async () => {
    const cut = (await owner.post('/api/v1/services', service({ title: 'Haircut' }))).json().data.id;
    const dry = (await owner.post('/api/v1/services', service({ title: 'Blow dry' }))).json().data.id;
    const made = (
      await owner.post('/api/v1/packages', {
        title: 'Salon month',
        price: 9000,
        services: [
          { service_id: cut, quantity: 2 },
          { service_id: dry, quantity: 1 },
        ],
      })
    ).json().data;
    expect(
      made.services.map((s: { quantity: number; service_title: string }) => `${s.quantity} × ${s.service_title}`),
    ).toEqual(['2 × Haircut', '1 × Blow dry']);
    expect(
      (await owner.post('/api/v1/packages', { title: 'Zero', price: 1, services: [{ service_id: cut, quantity: 0 }] }))
        .statusCode,
    ).toBe(422);
    const edited = await owner.put(`/api/v1/packages/${made.id}`, {
      title: 'Salon month',
      price: 9000,
      services: [{ id: made.services[1].id, service_id: dry, quantity: 3 }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.services).toEqual([
      { id: made.services[1].id, service_id: dry, quantity: 3, service_title: 'Blow dry' },
    ]);
    expect((await owner.get(`/api/v1/packages/${made.id}`)).json().data.services).toEqual(edited.json().data.services);
  });

  it('generates a voucher code unique per owner, starts amount left at the amount, and filters expired ones', async () => {
    const v = (await owner.post('/api/v1/gift-voucher', { title: 'Spa day', amount: 5000 })).json().data;
    expect(v.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(v).toMatchObject({ amount_left: 5000, sold_count: 0 });
    const dup = await owner.post('/api/v1/gift-voucher', { title: 'Again', amount: 100, code: v.code });
    expect(dup.json().errors.code).toEqual(['The code has already been taken.']);
    await owner.post('/api/v1/gift-voucher', { title: 'Old', amount: 100, expires_on: '2020-01-01' });
    const all = (await owner.get('/api/v1/gift-voucher?search=Old')).json().meta.total;
    const live = (await owner.get('/api/v1/gift-voucher?search=Old&without_expiried=1')).json().meta.total;
    expect([all, live]).toEqual([1, 0]);
    // Replacing the voucher without its code keeps the code.
    const put = await owner.put(`/api/v1/gift-voucher/${v.id}`, { title: 'Spa day', amount: 5000 });
    expect(put.json().data.code).toBe(v.code);
  });
});

/** The date `days` from today: class sessions to come whenever the suite runs (a read lists the coming ones). */
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('archived and active lists, lite lists', () => {
  it.each([
    ['/api/v1/locations', { title: 'Studio' }],
    ['/api/v1/discounts', { title: 'Spring', kind: 'percentage', value: 10, period_type: 'ongoing' }],
    ['/api/v1/products', { title: 'Shampoo', price: 1200, stock: 4 }],
    [
      '/api/v1/classes',
      {
        title: 'Yoga',
        price: 1000,
        duration: 60,
        spaces: 12,
        sessions: [
          { date: ahead(10), start_time: '18:00' },
          { date: ahead(17), start_time: '18:00' },
        ],
      },
    ],
  ])('%s places an item by archived_at and lists lite as a plain array', async (path, body) => {
    const created = (await owner.post(path, body)).json().data;
    expect((await owner.get(`${path}?archived=0`)).json().data.map((r: { id: number }) => r.id)).toContain(created.id);
    await owner.put(`${path}/${created.id}`, { ...body, archived: true });
    expect((await owner.get(`${path}?archived=1`)).json().data.map((r: { id: number }) => r.id)).toContain(created.id);
    expect((await owner.get(`${path}?archived=0`)).json().data.map((r: { id: number }) => r.id)).not.toContain(
      created.id,
    );
    const liteList = (await owner.get(`${path}?is_lite=1`)).json();
    expect(Array.isArray(liteList)).toBe(true);
  });

  it('keeps a session (and its attendees) when the class is edited, and never takes another class’s session', async () => {
    const c = (
      await owner.post('/api/v1/classes', {
        title: 'Spin',
        price: 800,
        duration: 45,
        spaces: 10,
        sessions: [
          { date: ahead(12), start_time: '19:00' },
          { date: ahead(19), start_time: '19:00' },
        ],
      })
    ).json().data;
    const [first, second] = c.sessions;
    const client = (await owner.post('/api/v1/clients', { first_name: 'Attending' })).json().data;
    await t.app.db
      .insertInto('class_session_clients')
      .values({ session_id: first.id, client_id: client.id, paid_amount: 800, created_at: new Date().toISOString() })
      .execute();
    const other = (
      await owner.post('/api/v1/classes', {
        title: 'Other',
        price: 1,
        duration: 30,
        spaces: 1,
        sessions: [{ date: ahead(13), start_time: '08:00' }],
      })
    ).json().data;
    const edited = (
      await owner.put(`/api/v1/classes/${c.id}`, {
        title: 'Spin',
        price: 800,
        duration: 45,
        spaces: 10,
        sessions: [
          { id: first.id, date: ahead(12), start_time: '19:30' },
          { id: other.sessions[0].id, date: ahead(26), start_time: '19:00' },
        ],
      })
    ).json().data;
    expect(edited.sessions[0]).toMatchObject({
      id: first.id,
      start_time: '19:30',
      clients: [{ id: client.id, first_name: 'Attending', paid_amount: 800 }],
    });
    expect(edited.sessions[1].id).not.toBe(other.sessions[0].id);
    expect(edited.sessions.map((s: { id: number }) => s.id)).not.toContain(second.id);
    expect((await owner.get(`/api/v1/classes/${other.id}`)).json().data.sessions).toEqual([
      { id: other.sessions[0].id, date: ahead(13), start_time: '08:00', clients: [] },
    ]);
  });

  it('keeps class sessions in order', async () => {
    const c = await owner.post('/api/v1/classes', {
      title: 'Pilates',
      price: 900,
      duration: 45,
      spaces: 8,
      sessions: [
        { date: ahead(11), start_time: '09:30' },
        { date: ahead(18), start_time: '25:00' },
      ],
    });
    expect(c.json().errors['sessions.1.start_time']).toEqual(['The start time format is invalid.']);
  });

  it('refuses a Zoom class until Zoom is connected', async () => {
    const res = await owner.post('/api/v1/classes', {
      title: 'Online yoga',
      price: 500,
      duration: 45,
      spaces: 20,
      zoom: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.zoom).toEqual(['Please, connect zoom integration first!']);
  });

  it('refuses a percentage over 100 and a fixed period without dates', async () => {
    const res = await owner.post('/api/v1/discounts', {
      title: 'Too much',
      kind: 'percentage',
      value: 150,
      period_type: 'fixed_period',
    });
    expect(res.json().errors).toMatchObject({
      value: ['A percentage may not be greater than 100.'],
      starts_on: ['The starts on field is required.'],
      ends_on: ['The ends on field is required.'],
    });
  });
});

describe('locations and the user', () => {
  it('lists the active locations on GET /api/v1/user, and drops archived ones', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const a = (await agent.post('/api/v1/locations', { title: 'Home studio', city: 'Leeds' })).json().data;
    const b = (await agent.post('/api/v1/locations', { title: 'Gym', city: 'York' })).json().data;
    expect((await agent.get('/api/v1/user')).json().data.locations.map((l: { title: string }) => l.title)).toEqual([
      'Gym',
      'Home studio',
    ]);
    await agent.put(`/api/v1/locations/${b.id}`, { title: 'Gym', city: 'York', archived: true });
    expect((await agent.get('/api/v1/user')).json().data.locations).toEqual([
      { id: a.id, title: 'Home studio', address_1: null, city: 'Leeds', post_code: null },
    ]);
  });
});

describe('plan gates', () => {
  it.each([
    ['/api/v1/classes', 'Class'],
    ['/api/v1/gift-voucher', 'GiftVoucher'],
    ['/api/v1/packages', 'Package'],
  ])('a lite owner gets 403 naming Business for %s', async (path) => {
    const res = await lite.get(path);
    expect(res.statusCode).toBe(403);
    // The reason's key travels with its words, so the app can offer the plan that has it.
    expect(res.json()).toEqual({
      message: 'This feature is available on the Business plan.',
      reason: 'permissions.availableOn.business',
    });
    const create = await lite.post(path, { title: 'x' });
    expect([create.statusCode, create.json()]).toEqual([
      403,
      { message: 'This feature is available on the Business plan.', reason: 'permissions.availableOn.business' },
    ]);
  });

  it('lets a lite owner use services, products, locations and discounts', async () => {
    for (const path of ['/api/v1/services', '/api/v1/products', '/api/v1/locations', '/api/v1/discounts'])
      expect((await lite.get(path)).statusCode).toBe(200);
  });
});
