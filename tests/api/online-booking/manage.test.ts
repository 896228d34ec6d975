import { Agent, testApp, type TestApp } from '../../helpers/app';
import { book, bookingOwner, outbox, verifiedClient } from '../../helpers/booking';

// A client's own booking by its manage link: cancel or move it within the owner's notice, add it to a calendar; the
// wizard's back step lets go of the client's own hold. London: 10:00 local is 10:00Z in March, 09:00Z in June.
const SLUG = 'manage-page';
let t: TestApp;
let ownerId: number;
let ownerEmail: string;
let service: string;
let owner: Agent;

beforeAll(async () => {
  t = await testApp({ appUrl: 'http://127.0.0.1:1' });
  const o = await bookingOwner(t.app, SLUG);
  ({ owner } = o);
  ownerId = o.user.id;
  ownerEmail = o.user.email;
  service = o.service.public_id;
});
afterAll(() => t.close());

const base = `/api/v1/online-booking/${SLUG}`;
const slots = async (date: string) =>
  (await new Agent(t.app).get(`${base}/services/${service}/slots?from=${date}&to=${date}`)).json().data as string[];

async function booked(email: string, start: string, locale = 'en') {
  const agent = await verifiedClient(t.app, SLUG, email, locale);
  const res = await book(agent, SLUG, service, start);
  expect(res.statusCode).toBe(201);
  return { agent, token: res.json().data.manage_token as string };
}

describe('going back in the booking wizard', () => {
  it('lets go of the client’s own hold, so the time is offered again — and of nobody else’s', async () => {
    const agent = await verifiedClient(t.app, SLUG, 'back@example.com');
    const hold = (await agent.post(`${base}/holds`, { service, start: '2027-03-03T09:00:00.000Z' })).json().data;
    expect(await slots('2027-03-03')).not.toContain('2027-03-03T09:00:00.000Z');

    const stranger = await verifiedClient(t.app, SLUG, 'stranger@example.com');
    expect((await stranger.delete(`${base}/holds/${hold.token}`)).statusCode).toBe(204);
    expect(await slots('2027-03-03')).not.toContain('2027-03-03T09:00:00.000Z');
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.delete(`${base}/holds/${hold.token}`)).statusCode).toBe(401);

    expect((await agent.delete(`${base}/holds/${hold.token}`)).statusCode).toBe(204);
    expect(await slots('2027-03-03')).toContain('2027-03-03T09:00:00.000Z');
    // The hold is gone for good: it cannot be booked any more.
    expect((await agent.post(`${base}/bookings`, { hold: hold.token, first_name: 'Bea' })).json().errors).toEqual({
      hold: ['Your reserved time has expired. Please choose a time again.'],
    });
  });
});

describe('the manage page', () => {
  it('shows until when the booking can be changed (its start less the owner’s minimum notice)', async () => {
    const { token } = await booked('see@example.com', '2027-03-04T10:00:00.000Z');
    const res = await new Agent(t.app).get(`${base}/bookings/${token}`);
    expect(res.json().data).toMatchObject({
      status: 'booked',
      date: '2027-03-04',
      start_time: '10:00',
      starts_at: '2027-03-04T10:00:00.000Z',
      change_until: '2027-03-04T09:00:00.000Z',
      can_change: true,
      reschedule_service: service,
    });
    expect((await new Agent(t.app).get(`${base}/bookings/not-a-token`)).statusCode).toBe(404);
  });

  it('cancels within the notice: the time is free again, the owner and the client are told', async () => {
    const { token } = await booked('cancel@example.com', '2027-03-04T11:00:00.000Z');
    expect(await slots('2027-03-04')).not.toContain('2027-03-04T11:00:00.000Z');
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const res = await guest.post(`${base}/bookings/${token}/cancel`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your booking is cancelled.',
      data: { status: 'cancelled', can_change: false },
    });
    expect(await slots('2027-03-04')).toContain('2027-03-04T11:00:00.000Z');
    expect((await guest.get(`${base}/bookings/${token}`)).json().data.status).toBe('cancelled');
    const [ownerMail] = await outbox(t.app, ownerEmail);
    expect(ownerMail).toMatchObject({ subject: 'Online booking cancelled' });
    expect(ownerMail.body).toContain('Cara cancelled Consultation on Thursday 4 March 2027 at 11:00.');
    expect((await outbox(t.app, 'cancel@example.com'))[0].body).toBe(
      'Your booking with Test User: Consultation on Thursday 4 March 2027 at 11:00 is cancelled.',
    );
    const again = await guest.post(`${base}/bookings/${token}/cancel`, {});
    expect(again.json()).toEqual({
      message: 'This booking is already cancelled.',
      errors: { booking: ['This booking is already cancelled.'] },
    });
    // The owner's calendar keeps it, marked cancelled.
    const list = (await owner.get('/api/v1/appointments?from=2027-03-04&to=2027-03-04')).json();
    expect(JSON.stringify(list)).toContain('cancelled');
  });

  it('refuses to cancel or move a booking inside the owner’s notice', async () => {
    const { agent, token } = await booked('late@example.com', '2027-03-04T12:00:00.000Z');
    // The booking now starts in 30 minutes; the owner asks for 60 minutes' notice.
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    await t.app.db
      .updateTable('appointments')
      .set({ starts_at: soon })
      .where('user_id', '=', ownerId)
      .where('date', '=', '2027-03-04')
      .where('start_time', '=', '12:00')
      .execute();
    expect((await agent.get(`${base}/bookings/${token}`)).json().data).toMatchObject({
      can_change: false,
      status: 'booked',
    });
    const refused = await agent.post(`${base}/bookings/${token}/cancel`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.booking).toEqual([
      'It is too late to change this booking online. Please contact Test User directly.',
    ]);
    expect(
      (await agent.post(`${base}/bookings/${token}/holds`, { start: '2027-03-05T10:00:00.000Z' })).statusCode,
    ).toBe(422);
    expect((await agent.get(`${base}/bookings/${token}`)).json().data.status).toBe('booked');
  });

  it('moves a booking to another free time through a hold, and tells both', async () => {
    const { token } = await booked('move@example.com', '2027-03-05T10:00:00.000Z');
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    expect(
      (await guest.post(`${base}/bookings/${token}/holds`, { start: '2027-03-05T03:00:00.000Z' })).json().errors.start,
    ).toBeDefined();
    const hold = await guest.post(`${base}/bookings/${token}/holds`, { start: '2027-03-05T14:00:00.000Z' });
    expect(hold.statusCode).toBe(201);
    expect(await slots('2027-03-05')).not.toContain('2027-03-05T14:00:00.000Z');
    const moved = await guest.post(`${base}/bookings/${token}/reschedule`, { hold: hold.json().data.token });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      message: 'Your booking has moved to the new time.',
      data: { date: '2027-03-05', start_time: '14:00', status: 'booked' },
    });
    const free = await slots('2027-03-05');
    expect(free).toContain('2027-03-05T10:00:00.000Z');
    expect(free).not.toContain('2027-03-05T14:00:00.000Z');
    expect((await outbox(t.app, ownerEmail))[0].body).toBe(
      'Cara moved Consultation from Friday 5 March 2027 at 10:00 to Friday 5 March 2027 at 14:00.',
    );
    const [mail] = await outbox(t.app, 'move@example.com');
    expect(mail.body).toContain('Consultation is now on Friday 5 March 2027 at 14:00.');
    expect(mail.body).toContain(`http://127.0.0.1:1/online-booking/${SLUG}/booking/${token}`);
    // A hold is used once.
    expect(
      (await guest.post(`${base}/bookings/${token}/reschedule`, { hold: hold.json().data.token })).statusCode,
    ).toBe(422);
  });

  it('gives the booking as a calendar file in UTC', async () => {
    const { token } = await booked('ics@example.com', '2027-06-01T09:00:00.000Z');
    const res = await new Agent(t.app).get(`${base}/bookings/${token}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    // 10:00 in London in June is 09:00 UTC; 30 minutes long.
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'DTSTART:20270601T090000Z',
        'DTEND:20270601T093000Z',
        'SUMMARY:Consultation with Test User',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    // Long lines fold at 75 octets onto lines that begin with a space.
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(res.body.replace(/\r\n /g, '')).toContain(`URL:http://127.0.0.1:1/online-booking/${SLUG}/booking/${token}`);
    expect((await new Agent(t.app).get(`${base}/bookings/nope/calendar.ics`)).statusCode).toBe(404);
  });
});

describe('a class seat by its manage link', () => {
  it('is shown with its time in UTC, can be given up within the notice, and frees the seat', async () => {
    const yoga = (
      await owner.post('/api/v1/classes', {
        title: 'Yoga',
        price: 0,
        duration: 60,
        spaces: 1,
        sessions: [{ date: '2027-06-10', start_time: '18:00' }],
      })
    ).json().data;
    const settings = (await owner.get('/api/v1/user/booking-settings')).json().data;
    await owner.put('/api/v1/user/booking-settings', {
      enabled: true,
      slug: SLUG,
      service_ids: settings.service_ids,
      class_ids: [yoga.id],
      existing_clients_only: false,
      block_new_bookings: false,
      remember_days: 30,
      deposit_mode: 'per_service',
    });
    const agent = await verifiedClient(t.app, SLUG, 'seat@example.com');
    const hold = await agent.post(`${base}/holds`, { class: yoga.public_id, date: '2027-06-10', start_time: '18:00' });
    const token = (await agent.post(`${base}/bookings`, { hold: hold.json().data.token, first_name: 'Sam' })).json()
      .data.manage_token;
    const seats = async () =>
      (await new Agent(t.app).get(`${base}/classes?from=2027-06-01&to=2027-06-30`)).json().data[0].sessions[0]
        .seats_left;
    expect(await seats()).toBe(0);
    // 18:00 in London in June is 17:00 UTC.
    expect((await agent.get(`${base}/bookings/${token}`)).json().data).toMatchObject({
      service: 'Yoga',
      starts_at: '2027-06-10T17:00:00.000Z',
      can_change: true,
      reschedule_service: null,
    });
    expect((await agent.get(`${base}/bookings/${token}/calendar.ics`)).body).toContain('DTSTART:20270610T170000Z');
    const res = await agent.post(`${base}/bookings/${token}/cancel`, {});
    expect(res.json()).toMatchObject({ message: 'Your booking is cancelled.', data: { status: 'cancelled' } });
    expect(await seats()).toBe(1);
    expect((await outbox(t.app, ownerEmail))[0].body).toBe(
      'Sam cancelled Yoga on Thursday 10 June 2027 at 18:00. The time is free again.',
    );
  });
});

describe('confirmation messages', () => {
  it('carry the manage link and the date in words, in the client’s language', async () => {
    const { token } = await booked('en@example.com', '2027-03-02T10:00:00.000Z');
    const [en] = await outbox(t.app, 'en@example.com');
    expect(en.body).toContain('Your booking with Test User: Consultation on Tuesday 2 March 2027 at 10:00.');
    expect(en.body).toContain(`http://127.0.0.1:1/online-booking/${SLUG}/booking/${token}`);
    const uk = await booked('uk@example.com', '2027-03-02T11:00:00.000Z', 'uk');
    const [mail] = await outbox(t.app, 'uk@example.com');
    expect(mail.body).toContain('вівторок, 2 березня 2027 р. о 11:00');
    expect(mail.body).toContain(`/booking/${uk.token}`);
  });
});
