import { loggedIn, testApp, type Agent, type TestApp } from '../helpers/app';

/**
 * Ids beyond the integer column's range (1..2147483647). On PostgreSQL these reached the database and failed
 * there (a 500); they must be refused by the schemas first, on both databases: 404 for a path, 422 for a body.
 */
const PATH_IDS = ['99999999999999999999999', '9007199254740993', '2147483648', '1e400', 'Infinity'];
const BODY_IDS = [2147483648, 2 ** 53, 1e23];

let t: TestApp;
let owner: Agent;
let admin: Agent;
let serviceId: number;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app));
  ({ agent: admin } = await loggedIn(t.app, { is_admin: 1 }));
  serviceId = (await owner.post('/api/v1/services', { title: 'Cut', price: 3000, duration: 30 })).json().data.id;
});
afterAll(async () => t.close());

describe('path ids beyond the column range answer 404', () => {
  const routes: Array<{ kind: string; method: 'GET' | 'PUT' | 'DELETE' | 'POST'; url: string; body?: unknown }> = [
    { kind: 'a generic record', method: 'GET', url: '/api/v1/clients/{id}' },
    { kind: 'a generic update', method: 'PUT', url: '/api/v1/clients/{id}', body: { first_name: 'Ann' } },
    { kind: 'a generic delete', method: 'DELETE', url: '/api/v1/services/{id}' },
    { kind: 'a related list', method: 'GET', url: '/api/v1/clients/payments/{id}' },
    { kind: 'an appointment', method: 'GET', url: '/api/v1/appointments/{id}' },
    {
      kind: 'an appointment move',
      method: 'PUT',
      url: '/api/v1/appointments/{id}/time',
      body: { date: '2027-01-05', start_time: '10:00' },
    },
    { kind: 'availability', method: 'GET', url: '/api/v1/services/{id}/availability?from=2027-01-05&to=2027-01-05' },
  ];
  it.each(routes)('$kind ($method $url)', async ({ method, url, body }) => {
    for (const id of PATH_IDS) {
      const res = await owner.request(method, url.replace('{id}', id), body);
      expect([id, res.statusCode, res.json()]).toEqual([id, 404, { message: 'No query results for that record.' }]);
    }
    // The largest id the column holds is a well-formed id that names nothing.
    expect((await owner.request(method, url.replace('{id}', '2147483647'), body)).statusCode).toBe(404);
  });

  it('signing in as a user (admin)', async () => {
    for (const id of PATH_IDS)
      expect([id, (await admin.post(`/api/v1/admin/user/${id}`)).statusCode]).toEqual([id, 404]);
  });

  it('keeps a malformed id a 422', async () => {
    expect((await owner.get('/api/v1/clients/abc')).statusCode).toBe(422);
  });
});

describe('body ids beyond the column range answer 422, changing nothing', () => {
  it.each(BODY_IDS)(
    '%p in a relation list, a child row, an appointment’s clients and the booking settings',
    async (id) => {
      const voucher = await owner.post('/api/v1/gift-voucher', {
        title: 'Gift',
        amount: 5000,
        service_ids: [serviceId, id],
      });
      expect(voucher.statusCode).toBe(422);
      expect(Object.keys(voucher.json().errors)).toEqual(['service_ids.1']);

      const pkg = await owner.post('/api/v1/packages', {
        title: 'Five cuts',
        price: 12000,
        services: [{ service_id: id, quantity: 5 }],
      });
      expect(pkg.statusCode).toBe(422);
      expect(Object.keys(pkg.json().errors)).toEqual(['services.0.service_id']);

      const appointment = await owner.post('/api/v1/appointments', {
        type: 'private',
        title: 'X',
        date: '2027-01-05',
        start_time: '09:00',
        duration: 30,
        client_ids: [id],
      });
      expect(appointment.statusCode).toBe(422);
      expect(Object.keys(appointment.json().errors)).toEqual(['client_ids.0']);

      const settings = await owner.put('/api/v1/user/booking-settings', {
        enabled: false,
        slug: 'range-test',
        service_ids: [id],
      });
      expect(settings.statusCode).toBe(422);
      expect(Object.keys(settings.json().errors)).toEqual(['service_ids.0']);

      for (const path of ['/api/v1/gift-voucher', '/api/v1/packages'])
        expect((await owner.get(path)).json().meta.total).toBe(0);
    },
  );

  it('on a hand-written route too', async () => {
    const { id: clientId } = (await owner.post('/api/v1/clients', { first_name: 'Ann' })).json().data;
    const appointment = (
      await owner.post('/api/v1/appointments', {
        type: 'private',
        title: 'X',
        date: '2027-01-05',
        start_time: '09:00',
        duration: 30,
        client_ids: [clientId],
      })
    ).json().data;
    for (const id of BODY_IDS) {
      const res = await owner.put(`/api/v1/appointments/${appointment.id}/status`, {
        status: 'attended',
        client_id: id,
      });
      expect([id, res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([id, 422, ['client_id']]);
    }
  });
});

describe('an id field with no bound of its own', () => {
  it('is bounded to the column: a 422 in the spec’s words, not a database error', async () => {
    const res = await owner.post('/api/v1/appointments', {
      type: 'private',
      title: 'X',
      date: '2027-01-05',
      start_time: '09:00',
      duration: 30,
      location_id: 2147483648,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      location_id: [expect.stringMatching(/may not be greater than 2147483647\.$/)],
    });
  });
});
