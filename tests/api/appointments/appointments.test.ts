import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';

let t: TestApp;
let owner: Agent;
let serviceId: number;
let clientId: number;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  serviceId = (
    await owner.post('/api/v1/services', {
      title: 'Colour',
      price: 6000,
      duration: 90,
      multipart: true,
      parts: [
        { title: 'Apply', duration: 30, blocked: true },
        { title: 'Develop', duration: 30, blocked: false },
        { title: 'Rinse', duration: 30, blocked: true },
      ],
    })
  ).json().data.id;
  clientId = (await owner.post('/api/v1/clients', { first_name: 'Cara', last_name: 'Client' })).json().data.id;
});
afterAll(async () => t.close());

const book = (over: Record<string, unknown> = {}) =>
  owner.post('/api/v1/appointments', {
    type: 'service',
    service_id: serviceId,
    client_ids: [clientId],
    date: '2027-02-01',
    start_time: '10:00',
    ...over,
  });

describe('POST /api/v1/appointments', () => {
  it('creates a service appointment with its real-time span, price and clients', async () => {
    const res = await book();
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'service',
      date: '2027-02-01',
      start_time: '10:00',
      end_time: '11:30',
      duration: 90,
      price: 6000,
      payment_status: 'unpaid',
      starts_at: '2027-02-01T10:00:00.000Z',
      service: { id: serviceId, title: 'Colour' },
      clients: [{ id: clientId, first_name: 'Cara', status: 'pending' }],
    });
  });

  it('refuses a blocked part over another appointment’s blocked part, and allows one in its free part', async () => {
    const clash = await book({ start_time: '11:00' }); // its Apply 11:00–11:30 meets Rinse 11:00–11:30
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ start_time: ['This time overlaps another appointment.'] });
    const inFree = await owner.post('/api/v1/appointments', {
      type: 'blocked',
      title: 'Phone call',
      date: '2027-02-01',
      start_time: '10:30',
      duration: 30,
    });
    expect(inFree.statusCode).toBe(201);
  });

  it('needs a service for a service appointment, and the Zoom integration for a Zoom meeting', async () => {
    expect((await book({ service_id: null, date: '2027-02-02' })).json().errors).toEqual({
      service_id: ['You need to choose type of service!'],
    });
    expect((await book({ zoom: true, date: '2027-02-02' })).json().errors).toEqual({
      zoom: ['Please, connect zoom integration first!'],
    });
  });

  it('refuses another owner’s client or service', async () => {
    const { agent: other } = await loggedIn(t.app);
    const theirClient = (await other.post('/api/v1/clients', { first_name: 'Not yours' })).json().data.id;
    expect((await book({ client_ids: [theirClient], date: '2027-02-03' })).json().errors).toEqual({
      client_ids: ['The selected clients is invalid.'],
    });
    expect(
      (
        await other.post('/api/v1/appointments', {
          type: 'service',
          service_id: serviceId,
          date: '2027-02-03',
          start_time: '10:00',
        })
      ).statusCode,
    ).toBe(422);
    expect((await other.get('/api/v1/appointments?from=2027-02-01&to=2027-02-28')).json().data).toEqual([]);
  });
});

describe('status, time and clients', () => {
  it('marks a client attended, moves the appointment, and refuses a move onto busy time', async () => {
    const a = (await book({ date: '2027-02-10' })).json().data;
    const other = (await book({ date: '2027-02-11', start_time: '09:00' })).json().data;
    const attended = await owner.put(`/api/v1/appointments/${a.id}/status`, {
      status: 'attended',
      client_id: clientId,
    });
    expect(attended.json().data.clients[0].status).toBe('attended');
    expect(
      (await owner.put(`/api/v1/appointments/${a.id}/status`, { status: 'attended', client_id: 999999 })).statusCode,
    ).toBe(422);
    expect(
      (await owner.put(`/api/v1/appointments/${a.id}/status`, { status: 'late', client_id: clientId })).statusCode,
    ).toBe(422);
    const moved = await owner.put(`/api/v1/appointments/${a.id}/time`, { date: '2027-02-12', start_time: '14:00' });
    expect(moved.json().data).toMatchObject({ date: '2027-02-12', start_time: '14:00', end_time: '15:30' });
    expect(moved.json().data.clients[0].status).toBe('attended');
    const refused = await owner.put(`/api/v1/appointments/${a.id}/time`, { date: '2027-02-11', start_time: '09:00' });
    expect(refused.json().errors).toEqual({ start_time: ['This time overlaps another appointment.'] });
    expect((await owner.get(`/api/v1/appointments/${a.id}`)).json().data.date).toBe('2027-02-12');
    void other;
  });

  it('replaces the clients', async () => {
    const a = (await book({ date: '2027-02-15', client_ids: [] })).json().data;
    const res = await owner.put(`/api/v1/appointments/${a.id}/clients`, { clients: [clientId] });
    expect(res.json().data.clients.map((c: { id: number }) => c.id)).toEqual([clientId]);
  });
});

describe('resizing and location', () => {
  it('resizes private time and refuses a new length for a service appointment', async () => {
    const gym = (
      await owner.post('/api/v1/appointments', {
        type: 'private',
        title: 'Gym',
        date: '2027-02-20',
        start_time: '07:00',
        duration: 60,
      })
    ).json().data;
    const longer = await owner.put(`/api/v1/appointments/${gym.id}/time`, {
      date: '2027-02-20',
      start_time: '07:00',
      duration: 90,
    });
    expect(longer.json().data).toMatchObject({ start_time: '07:00', end_time: '08:30', duration: 90 });
    const a = (await book({ date: '2027-02-21' })).json().data;
    const refused = await owner.put(`/api/v1/appointments/${a.id}/time`, {
      date: '2027-02-21',
      start_time: '10:00',
      duration: 30,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      duration: ['A service appointment lasts as long as its service; change the service instead.'],
    });
    expect((await owner.get(`/api/v1/appointments/${a.id}`)).json().data.duration).toBe(90);
    expect(
      (await owner.put(`/api/v1/appointments/${gym.id}/time`, { date: '2027-02-20', start_time: '07:00', duration: 2 }))
        .statusCode,
    ).toBe(422);
  });

  it('takes one of the owner’s locations, or the client’s place with its saved address', async () => {
    const studio = (await owner.post('/api/v1/locations', { title: 'Studio', address_1: '1 High St' })).json().data;
    expect(studio.id).toBeGreaterThan(0);
    const own = await book({ date: '2027-02-22', location_type: 'own', location_id: studio.id });
    expect(own.json().data).toMatchObject({ location_type: 'own', location_id: studio.id, address: null });
    expect((await book({ date: '2027-02-22', start_time: '14:00', location_type: 'own' })).json().errors).toEqual({
      location_id: ['Choose one of your locations.'],
    });
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const theirs = (await other.post('/api/v1/locations', { title: 'Elsewhere', address_1: '9 Far Rd' })).json().data;
    expect(
      (await book({ date: '2027-02-22', start_time: '14:00', location_type: 'own', location_id: theirs.id }))
        .statusCode,
    ).toBe(422);

    const homeless = await book({ date: '2027-02-23', location_type: 'client' });
    expect(homeless.json().errors).toEqual({
      address: ['The client has no address: please enter where the appointment takes place.'],
    });
    expect((await book({ date: '2027-02-23', location_type: 'client', client_ids: [] })).json().errors).toEqual({
      client_ids: ["Choose a client for an appointment at the client's place."],
    });
    const withHome = (
      await owner.post('/api/v1/clients', {
        first_name: 'Hal',
        locations: [{ title: 'Home', address_1: '5 Elm Road' }],
      })
    ).json().data;
    const atHome = await book({ date: '2027-02-23', client_ids: [withHome.id], location_type: 'client' });
    expect(atHome.json().data).toMatchObject({ location_type: 'client', address: '5 Elm Road' });
    const given = await book({ date: '2027-02-24', location_type: 'client', address: 'Gym, 2 Park Lane' });
    expect(given.json().data.address).toBe('Gym, 2 Park Lane');
  });
});

describe('recurring appointments', () => {
  it('creates a weekly series and needs a scope to change or delete one of it', async () => {
    const res = await owner.post('/api/v1/appointments', {
      type: 'private',
      title: 'Gym',
      date: '2027-03-01',
      start_time: '07:00',
      duration: 60,
      recurring: { frequency: 'weekly', end_date: '2027-03-29' },
    });
    expect(res.json().occurrences).toBe(5);
    const list = (await owner.get('/api/v1/appointments?from=2027-03-01&to=2027-03-31'))
      .json()
      .data.filter((a: { title: string }) => a.title === 'Gym');
    expect(list.map((a: { date: string }) => a.date)).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
      '2027-03-29',
    ]);
    const third = list[2];
    const body = { type: 'private', title: 'Gym', date: third.date, start_time: '08:00', duration: 60 };
    expect((await owner.put(`/api/v1/appointments/${third.id}`, body)).json().errors).toEqual({
      scope: ['This appointment repeats: choose whether to change this one only or this and all future ones.'],
    });
    expect((await owner.delete(`/api/v1/appointments/${third.id}`)).statusCode).toBe(422);

    // This one only: the third moves to 08:00 and leaves the series.
    const one = await owner.put(`/api/v1/appointments/${third.id}`, { ...body, scope: 'this' });
    expect(one.json().data).toMatchObject({ start_time: '08:00', recurring: null });
    // This and all future from the fourth: the fourth and fifth go, the first two stay.
    const fourth = list[3];
    expect((await owner.request('DELETE', `/api/v1/appointments/${fourth.id}?scope=future`)).statusCode).toBe(200);
    const after = (await owner.get('/api/v1/appointments?from=2027-03-01&to=2027-03-31'))
      .json()
      .data.filter((a: { title: string }) => a.title === 'Gym');
    expect(after.map((a: { date: string; start_time: string }) => `${a.date} ${a.start_time}`)).toEqual([
      '2027-03-01 07:00',
      '2027-03-08 07:00',
      '2027-03-15 08:00',
    ]);
    expect(after[0].recurring).toMatchObject({ frequency: 'weekly', end_date: '2027-03-21' });
  });

  it('changes this and all future occurrences in one go', async () => {
    const first = (
      await owner.post('/api/v1/appointments', {
        type: 'private',
        title: 'Swim',
        date: '2027-04-05',
        start_time: '18:00',
        duration: 45,
        recurring: { frequency: 'weekly', end_date: '2027-04-26' },
      })
    ).json().data;
    const list = (await owner.get('/api/v1/appointments?from=2027-04-01&to=2027-04-30'))
      .json()
      .data.filter((a: { title: string }) => a.title === 'Swim');
    const res = await owner.put(`/api/v1/appointments/${list[1].id}`, {
      type: 'private',
      title: 'Swim',
      date: list[1].date,
      start_time: '19:00',
      duration: 45,
      scope: 'future',
    });
    expect(res.json().occurrences).toBe(3);
    const after = (await owner.get('/api/v1/appointments?from=2027-04-01&to=2027-04-30'))
      .json()
      .data.filter((a: { title: string }) => a.title === 'Swim');
    expect(after.map((a: { start_time: string }) => a.start_time)).toEqual(['18:00', '19:00', '19:00', '19:00']);
    void first;
  });

  it('writes a series all or nothing: one clash refuses every occurrence', async () => {
    await owner.post('/api/v1/appointments', {
      type: 'blocked',
      title: 'Dentist',
      date: '2027-05-12',
      start_time: '12:00',
      duration: 60,
    });
    const res = await owner.post('/api/v1/appointments', {
      type: 'private',
      title: 'Lunch',
      date: '2027-05-10',
      start_time: '12:00',
      duration: 60,
      recurring: { frequency: 'daily', end_date: '2027-05-14' },
    });
    expect(res.statusCode).toBe(422);
    const lunches = (await owner.get('/api/v1/appointments?from=2027-05-01&to=2027-05-31'))
      .json()
      .data.filter((a: { title: string }) => a.title === 'Lunch');
    expect(lunches).toEqual([]);
  });
});

describe('GET /api/v1/appointments/offline', () => {
  it('holds the next 60 days for the app to show offline, and nothing past them', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const soon = (await book({ date: day(50), start_time: '08:00' })).json().data.id;
    const later = (await book({ date: day(70), start_time: '08:00' })).json().data.id;
    const ids = (await owner.get('/api/v1/appointments/offline')).json().data.map((a: { id: number }) => a.id);
    expect(ids).toContain(soon);
    expect(ids).not.toContain(later);
  });
});

describe('offline, export and gates', () => {
  it('answers the offline window and exports CSV', async () => {
    expect((await owner.get('/api/v1/appointments/offline')).statusCode).toBe(200);
    const csv = await owner.post('/api/v1/appointments/export', {
      format: 'csv',
      from: '2027-02-01',
      to: '2027-02-28',
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('Date');
    expect(csv.body).toContain('Cara Client');
  });

  it('keeps guests and admins out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/appointments' })).statusCode).toBe(401);
  });
});
