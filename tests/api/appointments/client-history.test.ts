import { up as recomputeLastAppointments } from '../../../src/server/db/migrations/0009-last-appointment-dates';
import { Agent, loggedIn, testApp, type TestApp } from '../../helpers/app';

let t: TestApp;
let owner: Agent;
let serviceId: number;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  serviceId = (await owner.post('/api/v1/services', { title: 'Haircut', price: 3500, duration: 60 })).json().data.id;
});
afterAll(async () => t.close());

const newClient = async (first_name: string) =>
  (await owner.post('/api/v1/clients', { first_name, last_name: 'History' })).json().data.id as number;
const book = async (clientIds: number[], date: string, start_time = '10:00') => {
  const res = await owner.post('/api/v1/appointments', {
    type: 'service',
    service_id: serviceId,
    client_ids: clientIds,
    date,
    start_time,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};
const last = async (id: number) => (await owner.get(`/api/v1/clients/${id}`)).json().data.last_appointment_date;
const history = async (id: number, agent = owner) => agent.get(`/api/v1/clients/appointments/${id}`);

describe('GET /api/v1/clients/appointments/{clientId}', () => {
  it('lists the client’s appointments through the attendee link, newest first, with their attendance', async () => {
    const ann = await newClient('Ann');
    const bob = await newClient('Bob');
    const first = await book([ann], '2027-04-05');
    const shared = await book([bob, ann], '2027-04-12', '11:00');
    await book([bob], '2027-04-19');
    await owner.put(`/api/v1/appointments/${first}/status`, { status: 'attended', client_id: ann });
    const res = await history(ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ meta: { current_page: 1, total: 2, last_page: 1 } });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: shared,
        date: '2027-04-12',
        start_time: '11:00',
        service: 'Haircut',
        status: 'pending',
        price: 3500,
      }),
      expect.objectContaining({
        id: first,
        date: '2027-04-05',
        start_time: '10:00',
        service: 'Haircut',
        status: 'attended',
      }),
    ]);
    expect((await history(bob)).json().meta.total).toBe(2);
  });

  it('answers 404 for a client that is not the caller’s, and pages within bounds', async () => {
    const ann = await newClient('Private');
    await book([ann], '2027-05-03');
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect((await history(ann, other)).statusCode).toBe(404);
    expect((await history(999999)).statusCode).toBe(404);
    expect((await owner.get(`/api/v1/clients/appointments/${ann}?page=2`)).json().data).toEqual([]);
    expect((await owner.get(`/api/v1/clients/appointments/${ann}?page=1e18`)).statusCode).toBe(422);
  });
});

describe('last_appointment_date', () => {
  it('follows the client’s appointments as they are created, moved, cancelled, re-linked and deleted', async () => {
    const cy = await newClient('Cy');
    expect(await last(cy)).toBeNull();
    const a = await book([cy], '2027-06-07');
    expect(await last(cy)).toBe('2027-06-07');
    const b = await book([cy], '2027-06-14');
    expect(await last(cy)).toBe('2027-06-14');
    expect(
      (await owner.put(`/api/v1/appointments/${b}/time`, { date: '2027-06-21', start_time: '09:00' })).statusCode,
    ).toBe(200);
    expect(await last(cy)).toBe('2027-06-21');
    await owner.put(`/api/v1/appointments/${b}/status`, { status: 'cancelled', client_id: cy });
    expect(await last(cy)).toBe('2027-06-07');
    await owner.put(`/api/v1/appointments/${b}/status`, { status: 'attended', client_id: cy });
    expect(await last(cy)).toBe('2027-06-21');
    const dee = await newClient('Dee');
    await owner.put(`/api/v1/appointments/${b}/clients`, { clients: [dee] });
    expect(await last(cy)).toBe('2027-06-07');
    expect(await last(dee)).toBe('2027-06-21');
    expect((await owner.delete(`/api/v1/appointments/${a}`)).statusCode).toBe(200);
    expect(await last(cy)).toBeNull();
  });

  it('follows a series when its future occurrences are deleted', async () => {
    const eve = await newClient('Eve');
    const res = await owner.post('/api/v1/appointments', {
      type: 'service',
      service_id: serviceId,
      client_ids: [eve],
      date: '2027-07-05',
      start_time: '15:00',
      recurring: { frequency: 'weekly', end_date: '2027-07-26' },
    });
    expect(res.statusCode).toBe(201);
    expect(await last(eve)).toBe('2027-07-26');
    const occurrences = (await owner.get('/api/v1/appointments?from=2027-07-12&to=2027-07-12')).json().data;
    expect((await owner.delete(`/api/v1/appointments/${occurrences[0].id}?scope=future`)).statusCode).toBe(200);
    expect(await last(eve)).toBe('2027-07-05');
  });

  it('is recomputed for existing databases from their appointments (migration 0009)', async () => {
    const stale = await newClient('Stale');
    const booked = await newClient('Booked');
    await book([booked], '2027-09-06');
    await t.app.db
      .updateTable('clients')
      .set({ last_appointment_date: '2001-01-01' })
      .where('id', '=', stale)
      .execute();
    await t.app.db.updateTable('clients').set({ last_appointment_date: null }).where('id', '=', booked).execute();
    await recomputeLastAppointments(t.app.db as never);
    expect(await last(stale)).toBeNull();
    expect(await last(booked)).toBe('2027-09-06');
  });

  it('is set by an online booking', async () => {
    const ok = await owner.put('/api/v1/user/booking-settings', {
      enabled: true,
      slug: 'history-page',
      service_ids: [serviceId],
      existing_clients_only: false,
      block_new_bookings: false,
      remember_days: 30,
      deposit_mode: 'per_service',
    });
    expect(ok.statusCode).toBe(200);
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const sent = await guest.post('/api/v1/online-booking/history-page/codes', {
      channel: 'email',
      destination: 'walkin@example.com',
    });
    expect(sent.statusCode).toBe(200);
    const mail = await t.app.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', 'walkin@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.body)![1];
    expect(
      (await guest.post('/api/v1/online-booking/history-page/codes/verify', { token: sent.json().data.token, code }))
        .statusCode,
    ).toBe(200);
    const publicId = (await owner.get(`/api/v1/services/${serviceId}`)).json().data.public_id;
    const hold = await guest.post('/api/v1/online-booking/history-page/holds', {
      service: publicId,
      start: '2027-08-03T09:00:00.000Z',
    }); // 10:00 in London (summer time)
    expect(hold.statusCode).toBe(201);
    const booked = await guest.post('/api/v1/online-booking/history-page/bookings', {
      hold: hold.json().data.token,
      first_name: 'Walk',
      last_name: 'In',
    });
    expect(booked.statusCode).toBe(201);
    const client = (await owner.get('/api/v1/clients?search=walkin@example.com')).json().data[0];
    expect(client.last_appointment_date).toBe('2027-08-03');
    expect((await history(client.id)).json().data).toEqual([
      expect.objectContaining({ date: '2027-08-03', start_time: '10:00', service: 'Haircut' }),
    ]);
  });
});
