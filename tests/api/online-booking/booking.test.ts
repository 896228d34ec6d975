import { startLocalProvider, type LocalProvider } from '../../../src/server/infra/payments/local-provider';
import { stripeProvider } from '../../../src/server/infra/payments/provider';
import { ownerBySlug } from '../../../src/server/features/online-booking/owner';
import { openBookingSession } from '../../../src/server/features/online-booking/sessions';
import { spawn, type ChildProcess } from 'node:child_process';
import { addDays, todayIn } from '../../../src/domain/dates';
import { Agent, loggedIn, onPostgres, testApp, type TestApp } from '../../helpers/app';

// A Monday in winter time (London = UTC): 10:00 local is 10:00Z.
const MONDAY = '2027-03-01';
const TEN = `${MONDAY}T10:00:00.000Z`;

let t: TestApp;
let provider: LocalProvider;
let owner: Agent;
let ownerId: number;
const services: Record<string, { id: number; public_id: string }> = {};

beforeAll(async () => {
  provider = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset' });
  t = await testApp({
    stripeSecretKey: provider.secretKey,
    stripeWebhookSecret: provider.webhookSecret,
    stripeApiUrl: provider.url,
    appUrl: 'http://127.0.0.1:1',
  });
  // The provider delivers webhooks over HTTP, so this app also listens.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  provider.setWebhookUrl(`${address}/api/v1/online-booking/payments/webhook`);
  const login = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  owner = login.agent;
  ownerId = login.user.id;
  for (const [key, body] of Object.entries({
    free: { title: 'Consultation', price: 0, duration: 30 },
    home: { title: 'Home visit', price: 0, duration: 60, at_client_place: true },
    cut: { title: 'Haircut', price: 3500, duration: 60, deposit_amount: 1000, booking_question: 'Any allergies?' },
    colour: {
      title: 'Colour',
      price: 9000,
      duration: 90,
      multipart: true,
      deposit_amount: 2000,
      parts: [
        { title: 'Apply', duration: 30, blocked: true },
        { title: 'Develop', duration: 30, blocked: false },
        { title: 'Rinse', duration: 30, blocked: true },
      ],
    },
  })) {
    services[key] = (await owner.post('/api/v1/services', body)).json().data;
  }
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  slug: 'hart-studio',
  service_ids: Object.values(services).map((s) => s.id),
  existing_clients_only: false,
  block_new_bookings: false,
  remember_days: 30,
  deposit_mode: 'per_service',
  ...over,
});
/** Pays on the local provider's page with the card that succeeds; it answers with the redirect back to the app. */
const pay = (url: string) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242', action: 'pay' }),
    redirect: 'manual',
  });
/** What the provider holds for a checkout: its PaymentIntent and the refunds made of it. */
async function atProvider(checkoutId: string) {
  const auth = { headers: { authorization: `Bearer ${provider.secretKey}` } };
  const { payment_intent } = (await (
    await fetch(`${provider.url}/v1/checkout/sessions/${checkoutId}`, auth)
  ).json()) as { payment_intent: string };
  const refunds = async () =>
    (
      (await (await fetch(`${provider.url}/v1/refunds?payment_intent=${payment_intent}`, auth)).json()) as {
        data: Array<{ amount: number; status: string }>;
      }
    ).data;
  return { paymentIntent: payment_intent, refunds };
}
const outbox = (recipient: string) =>
  t.app.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').execute();
const lastCode = async (to: string) => /\b(\d{6})\b/.exec((await outbox(to))[0].body)![1];

/** A client on the public page: a guest session for CSRF, then an email code. */
let clients = 0;
async function verifiedClient(email: string, remember = false) {
  const agent = new Agent(t.app);
  // Each client on their own phone: a different address for the per-IP limits.
  agent.ip = `10.0.${Math.floor(++clients / 250)}.${clients % 250}`;
  await agent.get('/sanctum/csrf-cookie');
  const sent = await agent.post('/api/v1/online-booking/hart-studio/codes', { channel: 'email', destination: email });
  expect(sent.statusCode).toBe(200);
  const verify = await agent.post('/api/v1/online-booking/hart-studio/codes/verify', {
    token: sent.json().data.token,
    code: await lastCode(email),
    remember,
  });
  return { agent, verify };
}

describe('booking settings', () => {
  it('needs an offering and an open day before it switches on, and a free page address', async () => {
    const none = await owner.put('/api/v1/user/booking-settings', settings({ service_ids: [] }));
    expect(none.json().errors.service_ids).toEqual([
      'Switch on at least one service, class or package for online booking.',
    ]);
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    for (let id = 1; id <= 7; id++)
      await other.put(`/api/v1/user/business-time-settings/${id}`, { open: false, start: '09:00', end: '17:00' });
    const theirService = (await other.post('/api/v1/services', { title: 'X', price: 100, duration: 30 })).json().data
      .id;
    const closed = await other.put(
      '/api/v1/user/booking-settings',
      settings({ slug: 'other-page', service_ids: [theirService] }),
    );
    expect(closed.json().errors.enabled).toEqual(['Switch on at least one day in your business hours.']);
    expect(
      (
        await other.put(
          '/api/v1/user/booking-settings',
          settings({ slug: 'other-page', service_ids: [services.cut.id] }),
        )
      ).statusCode,
    ).toBe(422);

    const ok = await owner.put('/api/v1/user/booking-settings', settings());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      enabled: true,
      slug: 'hart-studio',
      page_url: 'http://127.0.0.1:1/online-booking/hart-studio',
    });
    const taken = await other.put(
      '/api/v1/user/booking-settings',
      settings({ enabled: false, slug: 'hart-studio', service_ids: [] }),
    );
    expect(taken.json().errors.slug).toEqual(['This page address is already taken.']);
    expect(
      (await owner.put('/api/v1/user/booking-settings', settings({ slug: 'Bad Slug!' }))).json().errors.slug,
    ).toHaveLength(1);
  });

  it('is a business-plan feature', async () => {
    const { agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const res = await lite.put('/api/v1/user/booking-settings', settings({ slug: 'lite-page', service_ids: [] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Business/);
  });
});

describe('the public page', () => {
  it('shows the services by public id only, and says when no bookings are taken', async () => {
    const page = (await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data;
    expect(page).toMatchObject({ open: true, name: 'Test User', currency: 'GBP' });
    expect(page.services.map((s: { title: string }) => s.title)).toEqual([
      'Colour',
      'Consultation',
      'Haircut',
      'Home visit',
    ]);
    expect(page.services.find((s: { title: string }) => s.title === 'Haircut')).toMatchObject({
      id: services.cut.public_id,
      deposit: 1000,
      question: 'Any allergies?',
    });
    expect(JSON.stringify(page)).not.toContain(`"id":${services.cut.id}`);
    expect((await new Agent(t.app).get('/api/v1/online-booking/nobody-here')).statusCode).toBe(404);

    await owner.put('/api/v1/user/booking-settings', settings({ block_new_bookings: true }));
    const paused = (await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data;
    expect(paused).toMatchObject({
      open: false,
      message: 'No online bookings being taken at the moment!',
      services: [],
    });
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const refused = await guest.post('/api/v1/online-booking/hart-studio/codes', {
      channel: 'email',
      destination: 'x@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No online bookings being taken at the moment!');
    await owner.put('/api/v1/user/booking-settings', settings());
  });

  it('lists slots by the service’s public id, never its internal id', async () => {
    const res = await new Agent(t.app).get(
      `/api/v1/online-booking/hart-studio/services/${services.colour.public_id}/slots?from=${MONDAY}&to=${MONDAY}`,
    );
    expect(res.json().data).toContain(TEN);
    expect(
      (
        await new Agent(t.app).get(
          `/api/v1/online-booking/hart-studio/services/${services.colour.id}/slots?from=${MONDAY}&to=${MONDAY}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('verification codes', () => {
  it('sends a 6-digit code by email, stored only as a hash, recorded as a booking message', async () => {
    const { verify } = await verifiedClient('new.client@example.com');
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.client).toBeNull();
    const [mail] = await outbox('new.client@example.com');
    expect(mail).toMatchObject({ type: 'booking', channel: 'email', status: 'outbox' });
    const code = /\b(\d{6})\b/.exec(mail.body)![1];
    const stored = await t.app.db
      .selectFrom('booking_codes')
      .select('code_hash')
      .where('destination', '=', 'new.client@example.com')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('sends SMS codes through the SMS outbox', async () => {
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    expect(
      (await guest.post('/api/v1/online-booking/hart-studio/codes', { channel: 'sms', destination: '+44 7700 900123' }))
        .statusCode,
    ).toBe(200);
    expect((await outbox('+447700900123'))[0]).toMatchObject({ channel: 'sms', type: 'booking' });
    expect(
      (await guest.post('/api/v1/online-booking/hart-studio/codes', { channel: 'sms', destination: 'call me' })).json()
        .errors.destination,
    ).toEqual(['Please enter a valid phone number.']);
  });

  it('refuses wrong, exhausted and expired codes, and writes no session', async () => {
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const token = (
      await guest.post('/api/v1/online-booking/hart-studio/codes', {
        channel: 'email',
        destination: 'wrong@example.com',
      })
    ).json().data.token;
    const right = await lastCode('wrong@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const first = await guest.post('/api/v1/online-booking/hart-studio/codes/verify', { token, code: wrong });
    expect(first.json().errors).toEqual({ code: ['The code is incorrect.'] });
    for (let i = 0; i < 3; i++)
      await guest.post('/api/v1/online-booking/hart-studio/codes/verify', { token, code: wrong });
    expect(
      (await guest.post('/api/v1/online-booking/hart-studio/codes/verify', { token, code: wrong })).json().errors,
    ).toEqual({ code: ['Too many wrong codes. Please ask for a new one.'] });
    // Even the right code is refused once the code is used up.
    expect(
      (await guest.post('/api/v1/online-booking/hart-studio/codes/verify', { token, code: right })).statusCode,
    ).toBe(422);

    const token2 = (
      await guest.post('/api/v1/online-booking/hart-studio/codes', {
        channel: 'email',
        destination: 'late@example.com',
      })
    ).json().data.token;
    await t.app.db
      .updateTable('booking_codes')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('destination', '=', 'late@example.com')
      .execute();
    expect(
      (
        await guest.post('/api/v1/online-booking/hart-studio/codes/verify', {
          token: token2,
          code: await lastCode('late@example.com'),
        })
      ).json().errors,
    ).toEqual({ code: ['The code has expired. Please ask for a new one.'] });
    const sessions = await t.app.db
      .selectFrom('booking_sessions')
      .select('id')
      .where('destination', 'in', ['wrong@example.com', 'late@example.com'])
      .execute();
    expect(sessions).toEqual([]);
  });

  it('limits code requests per destination, failing closed', async () => {
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await guest.post('/api/v1/online-booking/hart-studio/codes', {
            channel: 'email',
            destination: 'spam@example.com',
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await outbox('spam@example.com')).length).toBe(5);
  });

  it('limits code requests per address, whatever the destination', async () => {
    const guest = new Agent(t.app);
    guest.ip = '192.0.2.7';
    await guest.get('/sanctum/csrf-cookie');
    const codes = [];
    for (let i = 0; i < 21; i++)
      codes.push(
        (
          await guest.post('/api/v1/online-booking/hart-studio/codes', {
            channel: 'email',
            destination: `many${i}@example.com`,
          })
        ).statusCode,
      );
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes[20]).toBe(429);
    expect(await outbox('many20@example.com')).toEqual([]);
  });

  it('does not accept a code token from another owner’s page', async () => {
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const theirService = (await other.post('/api/v1/services', { title: 'Massage', price: 0, duration: 30 })).json()
      .data.id;
    expect(
      (await other.put('/api/v1/user/booking-settings', settings({ slug: 'other-owner', service_ids: [theirService] })))
        .statusCode,
    ).toBe(200);
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const token = (
      await guest.post('/api/v1/online-booking/other-owner/codes', {
        channel: 'email',
        destination: 'cross@example.com',
      })
    ).json().data.token;
    const code = await lastCode('cross@example.com');
    const res = await guest.post('/api/v1/online-booking/hart-studio/codes/verify', { token, code });
    expect(res.statusCode).toBe(422);
    expect(guest.cookies.soloist_booking).toBeUndefined();
    // And a verified client of that page is a stranger here.
    expect((await guest.post('/api/v1/online-booking/other-owner/codes/verify', { token, code })).statusCode).toBe(200);
    expect(
      (
        await guest.post('/api/v1/online-booking/hart-studio/holds', { service: services.free.public_id, start: TEN })
      ).json().message,
    ).toBe('Please verify your email or phone first.');
  });

  it('recognises existing clients, and turns new ones away when the page is for existing clients only', async () => {
    await owner.post('/api/v1/clients', { first_name: 'Erin', last_name: 'Known', email: 'Erin.Known@example.com' });
    await owner.put('/api/v1/user/booking-settings', settings({ existing_clients_only: true }));
    const known = await verifiedClient('erin.known@example.com');
    expect(known.verify.json().data.client).toEqual({ first_name: 'Erin', last_name: 'Known' });
    const stranger = await verifiedClient('stranger@example.com');
    expect(stranger.verify.statusCode).toBe(403);
    expect(stranger.verify.json().message).toBe(
      "Test User isn't taking new client bookings at the moment! Please contact directly.",
    );
    expect(stranger.agent.cookies.soloist_booking).toBeUndefined();
    await owner.put('/api/v1/user/booking-settings', settings());
  });
});

describe('holds and bookings', () => {
  it('books a free service: hold, confirm, appointment, client, messages', async () => {
    const { agent } = await verifiedClient('fresh@example.com', true);
    const hold = await agent.post('/api/v1/online-booking/hart-studio/holds', {
      service: services.free.public_id,
      start: '2027-03-02T09:00:00.000Z',
    });
    expect(hold.statusCode).toBe(201);
    expect(hold.json().data).toMatchObject({ date: '2027-03-02', start_time: '09:00', end_time: '09:30', deposit: 0 });
    // The held time is gone for everyone else, and for the owner too.
    const slots = (
      await new Agent(t.app).get(
        `/api/v1/online-booking/hart-studio/services/${services.free.public_id}/slots?from=2027-03-02&to=2027-03-02`,
      )
    ).json().data;
    expect(slots).not.toContain('2027-03-02T09:00:00.000Z');
    const ownerClash = await owner.post('/api/v1/appointments', {
      type: 'private',
      title: 'Gym',
      date: '2027-03-02',
      start_time: '09:00',
      duration: 30,
    });
    expect(ownerClash.json().errors).toEqual({ start_time: ['This time overlaps another appointment.'] });

    expect(
      (await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.json().data.token })).json().errors,
    ).toEqual({ first_name: ['The first name field is required.'] });
    const booked = await agent.post('/api/v1/online-booking/hart-studio/bookings', {
      hold: hold.json().data.token,
      first_name: 'Fay',
      last_name: 'Fresh',
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({
      status: 'booked',
      booking: { service: 'Consultation', date: '2027-03-02', start_time: '09:00', paid: 0 },
    });
    const list = (await owner.get('/api/v1/appointments?from=2027-03-02&to=2027-03-02')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].clients[0]).toMatchObject({ first_name: 'Fay', last_name: 'Fresh' });
    expect((await outbox('fresh@example.com'))[0]).toMatchObject({ subject: 'Booking confirmed', type: 'booking' });
    expect(
      (
        await t.app.db
          .selectFrom('outbox')
          .select('subject')
          .where('user_id', '=', ownerId)
          .where('subject', '=', 'New online booking')
          .execute()
      ).length,
    ).toBe(1);

    // The manage link carries its own token, and only on its own page.
    const manage = booked.json().data.manage_token;
    expect(
      (await new Agent(t.app).get(`/api/v1/online-booking/hart-studio/bookings/${manage}`)).json().data,
    ).toMatchObject({ service: 'Consultation', date: '2027-03-02' });
    expect((await new Agent(t.app).get(`/api/v1/online-booking/other-owner/bookings/${manage}`)).statusCode).toBe(404);
    // A hold is used once.
    expect(
      (
        await agent.post('/api/v1/online-booking/hart-studio/bookings', {
          hold: hold.json().data.token,
          first_name: 'Fay',
        })
      ).json().errors,
    ).toEqual({ hold: ['Your reserved time has expired. Please choose a time again.'] });
  });

  it('asks for the address of a service at the client’s place, and books it there', async () => {
    const { agent } = await verifiedClient('home@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: services.home.public_id,
        start: '2027-03-09T13:00:00.000Z',
      })
    ).json().data;
    expect(
      (await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.token, first_name: 'Hana' })).json()
        .errors,
    ).toEqual({ address: ['Please enter the address where the appointment takes place.'] });
    expect(
      (
        await agent.post('/api/v1/online-booking/hart-studio/bookings', {
          hold: hold.token,
          first_name: 'Hana',
          address: '4 Elm Road, Bath',
        })
      ).statusCode,
    ).toBe(201);
    const [a] = (await owner.get('/api/v1/appointments?from=2027-03-09&to=2027-03-09')).json().data;
    expect(a).toMatchObject({ location_type: 'client', address: '4 Elm Road, Bath', source: 'online' });
  });

  it('refuses a time outside the offered slots and an expired hold', async () => {
    const { agent } = await verifiedClient('late.hold@example.com');
    expect(
      (
        await agent.post('/api/v1/online-booking/hart-studio/holds', {
          service: services.free.public_id,
          start: '2027-03-06T10:00:00.000Z',
        })
      ).json().errors,
    ).toEqual({ start: ['Sorry, that time is no longer available. Please choose another.'] });
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: services.free.public_id,
        start: '2027-03-03T11:00:00.000Z',
      })
    ).json().data;
    await t.app.db
      .updateTable('slot_holds')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('date', '=', '2027-03-03')
      .execute();
    const res = await agent.post('/api/v1/online-booking/hart-studio/bookings', {
      hold: hold.token,
      first_name: 'Lee',
    });
    expect(res.json().errors).toEqual({ hold: ['Your reserved time has expired. Please choose a time again.'] });
    expect((await owner.get('/api/v1/appointments?from=2027-03-03&to=2027-03-03')).json().data).toEqual([]);
  });
});

describe('class seats', () => {
  it('offers the sessions with seats left, holds seats, refuses a full session and a second seat for the same client', async () => {
    const yoga = (
      await owner.post('/api/v1/classes', {
        title: 'Yoga',
        price: 1200,
        duration: 60,
        spaces: 3,
        online_seat_limit: 2,
        sessions: [
          { date: '2027-03-10', start_time: '18:00' },
          { date: '2027-03-17', start_time: '18:00' },
        ],
      })
    ).json().data;
    expect(yoga.public_id).toHaveLength(16);
    await owner.put('/api/v1/user/booking-settings', { ...settings(), class_ids: [yoga.id] });
    const list = async () =>
      (await new Agent(t.app).get('/api/v1/online-booking/hart-studio/classes?from=2027-03-01&to=2027-03-31')).json()
        .data;
    expect((await list())[0]).toMatchObject({
      id: yoga.public_id,
      title: 'Yoga',
      sessions: [
        { date: '2027-03-10', start_time: '18:00', seats_left: 2 },
        { date: '2027-03-17', seats_left: 2 },
      ],
    });
    expect(JSON.stringify(await list())).not.toContain(`"id":${yoga.id}`);

    const a = await verifiedClient('yogi.a@example.com');
    const b = await verifiedClient('yogi.b@example.com');
    const c = await verifiedClient('yogi.c@example.com');
    const seat = { class: yoga.public_id, date: '2027-03-10', start_time: '18:00' };
    const holdA = await a.agent.post('/api/v1/online-booking/hart-studio/holds', seat);
    expect(holdA.json().data).toMatchObject({
      start_time: '18:00',
      end_time: '19:00',
      deposit: 0,
      service: { title: 'Yoga' },
    });
    expect((await b.agent.post('/api/v1/online-booking/hart-studio/holds', seat)).statusCode).toBe(201);
    expect((await list())[0].sessions[0].seats_left).toBe(0);
    expect((await c.agent.post('/api/v1/online-booking/hart-studio/holds', seat)).json().errors).toEqual({
      start: ['Sorry, this class is full.'],
    });

    const booked = await a.agent.post('/api/v1/online-booking/hart-studio/bookings', {
      hold: holdA.json().data.token,
      first_name: 'Ana',
    });
    expect(booked.json().data).toMatchObject({
      status: 'booked',
      booking: { service: 'Yoga', date: '2027-03-10', start_time: '18:00', end_time: '19:00', paid: 0 },
    });
    const detail = (await owner.get(`/api/v1/classes/${yoga.id}`)).json().data;
    expect(detail.sessions[0].clients.map((x: { first_name: string }) => x.first_name)).toEqual(['Ana']);
    expect(
      (
        await new Agent(t.app).get(`/api/v1/online-booking/hart-studio/bookings/${booked.json().data.manage_token}`)
      ).json().data,
    ).toMatchObject({ service: 'Yoga' });
    expect((await a.agent.post('/api/v1/online-booking/hart-studio/holds', seat)).json().errors).toEqual({
      start: ['You are already booked on this class.'],
    });
    // Internal ids are refused.
    expect(
      (await a.agent.post('/api/v1/online-booking/hart-studio/holds', { ...seat, class: String(yoga.id) })).statusCode,
    ).toBe(404);
  });

  it('takes the full price upfront when the owner asks for it, recorded on the seat', async () => {
    const pilates = (
      await owner.post('/api/v1/classes', {
        title: 'Pilates',
        price: 1500,
        duration: 45,
        spaces: 5,
        sessions: [{ date: '2027-03-11', start_time: '09:00' }],
      })
    ).json().data;
    await owner.put('/api/v1/user/booking-settings', {
      ...settings({ deposit_mode: 'full' }),
      class_ids: [pilates.id],
    });
    const { agent } = await verifiedClient('pilates@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        class: pilates.public_id,
        date: '2027-03-11',
        start_time: '09:00',
      })
    ).json().data;
    expect(hold.deposit).toBe(1500);
    const started = (
      await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.token, first_name: 'Pia' })
    ).json().data;
    expect(started.status).toBe('payment');
    expect((await pay(started.payment_url)).status).toBe(303);
    const detail = (await owner.get(`/api/v1/classes/${pilates.id}`)).json().data;
    expect(detail.sessions[0].clients).toEqual([expect.objectContaining({ first_name: 'Pia', paid_amount: 1500 })]);
    await owner.put('/api/v1/user/booking-settings', settings());
  });
});

describe('gift vouchers and packages', () => {
  it('sells a gift voucher with its own code, within its sales limit', async () => {
    const voucher = (
      await owner.post('/api/v1/gift-voucher', {
        title: 'Treat yourself',
        amount: 5000,
        online_sale: true,
        sales_limit: 1,
        client_notes: true,
      })
    ).json().data;
    expect(voucher.public_id).toHaveLength(16);
    const page = (await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data;
    expect(page.vouchers).toEqual([
      expect.objectContaining({ id: voucher.public_id, title: 'Treat yourself', amount: 5000, client_notes: true }),
    ]);

    const a = await verifiedClient('gift.a@example.com');
    const b = await verifiedClient('gift.b@example.com');
    const started = await a.agent.post('/api/v1/online-booking/hart-studio/purchases', {
      voucher: voucher.public_id,
      first_name: 'Gia',
      recipient_name: 'Mum',
      message: 'Happy birthday',
    });
    expect(started.json().data.status).toBe('payment');
    // The one voucher on sale is reserved while A pays.
    expect(
      (
        await b.agent.post('/api/v1/online-booking/hart-studio/purchases', {
          voucher: voucher.public_id,
          first_name: 'Bo',
        })
      ).json().errors,
    ).toEqual({ voucher: ['Sorry, this gift voucher has sold out.'] });
    expect(
      (
        await b.agent.post('/api/v1/online-booking/hart-studio/purchases', {
          voucher: String(voucher.id),
          first_name: 'Bo',
        })
      ).statusCode,
    ).toBe(404);

    const paid = await pay(started.json().data.payment_url);
    const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
    const done = (await a.agent.get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`)).json().data;
    expect(done).toMatchObject({
      status: 'booked',
      purchase: { kind: 'voucher', title: 'Treat yourself', amount: 5000, amount_left: 5000, recipient_name: 'Mum' },
    });
    expect(done.purchase.code).toMatch(/^[A-Z2-9]{10}$/);
    expect((await owner.get(`/api/v1/gift-voucher/${voucher.id}`)).json().data.sold_count).toBe(1);
    expect(
      (
        await new Agent(t.app).get(`/api/v1/online-booking/hart-studio/bookings/${started.json().data.manage_token}`)
      ).json().data,
    ).toMatchObject({ kind: 'voucher', code: done.purchase.code });
    expect((await outbox('gift.a@example.com'))[0].body).toContain(done.purchase.code);
    const payment = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('type', '=', 'sale')
      .where('amount', '=', 5000)
      .execute();
    expect(payment).toHaveLength(1);
    // Sold out now: off the page.
    expect((await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data.vouchers).toEqual([]);
  });

  it('sells a package with its expiry, and a free one at once', async () => {
    const pack = (
      await owner.post('/api/v1/packages', {
        title: 'Five cuts',
        price: 15000,
        expiry_days: 90,
        services: [{ service_id: services.cut.id, quantity: 5 }],
      })
    ).json().data;
    const free = (
      await owner.post('/api/v1/packages', {
        title: 'Welcome pack',
        price: 0,
        services: [{ service_id: services.free.id, quantity: 1 }],
      })
    ).json().data;
    await owner.put('/api/v1/user/booking-settings', { ...settings(), package_ids: [pack.id, free.id] });
    const page = (await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data;
    expect(page.packages).toEqual([
      expect.objectContaining({ id: pack.public_id, title: 'Five cuts', price: 15000, services: ['Haircut'] }),
      expect.objectContaining({ id: free.public_id, title: 'Welcome pack', price: 0 }),
    ]);
    const { agent } = await verifiedClient('pack@example.com');
    expect(
      (await agent.post('/api/v1/online-booking/hart-studio/purchases', { package: pack.public_id })).json().errors,
    ).toEqual({ first_name: ['The first name field is required.'] });
    const started = (
      await agent.post('/api/v1/online-booking/hart-studio/purchases', { package: pack.public_id, first_name: 'Pam' })
    ).json().data;
    await pay(started.payment_url);
    const sale = await t.app.db
      .selectFrom('package_sales')
      .selectAll()
      .where('package_id', '=', pack.id)
      .executeTakeFirstOrThrow();
    // The owner's today (London) decides the expiry, not the server's UTC date.
    const in90 = addDays(todayIn('Europe/London'), 90);
    expect(sale).toMatchObject({ price: 15000, expires_on: in90 });
    const welcome = await agent.post('/api/v1/online-booking/hart-studio/purchases', { package: free.public_id });
    expect(welcome.statusCode).toBe(201);
    expect(welcome.json().data).toMatchObject({
      status: 'booked',
      purchase: { kind: 'package', title: 'Welcome pack', amount: 0 },
    });
    await owner.put('/api/v1/user/booking-settings', settings());
  });
});

describe('deposits', () => {
  it('pays on the provider page: the webhook books it and records the payment; the callback confirms', async () => {
    const { agent } = await verifiedClient('payer@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: services.cut.public_id,
        start: '2027-03-05T14:00:00.000Z',
      })
    ).json().data;
    expect(
      (await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.token, first_name: 'Pat' })).json()
        .errors,
    ).toEqual({ answer: ['Please answer the question.'] });
    const start = await agent.post('/api/v1/online-booking/hart-studio/bookings', {
      hold: hold.token,
      first_name: 'Pat',
      answer: 'None',
    });
    expect(start.json().data.status).toBe('payment');
    const url = start.json().data.payment_url as string;
    expect(url.startsWith(provider.url)).toBe(true);
    expect((await owner.get('/api/v1/appointments?from=2027-03-05&to=2027-03-05')).json().data).toEqual([]);

    const declined = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ card: '4000 0000 0000 0002', action: 'pay' }),
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Incorrect card details');
    const paid = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ card: '4242 4242 4242 4242', action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;

    const list = (await owner.get('/api/v1/appointments?from=2027-03-05&to=2027-03-05')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ start_time: '14:00', notes: 'None', payment_status: 'leftToPay' });
    const payments = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('appointment_id', '=', list[0].id)
      .execute();
    expect(payments).toEqual([
      expect.objectContaining({ amount: 1000, currency: 'gbp', provider: 'stripe', type: 'appointment' }),
    ]);
    const callback = await agent.get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`);
    expect(callback.json().data).toMatchObject({ status: 'booked', booking: { paid: 1000, price: 3500 } });
    // Another device cannot read it.
    expect((await new Agent(t.app).get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`)).statusCode).toBe(
      401,
    );
  });

  it('refunds a payment that arrives after the hold ran out and the time was taken, and tells the client and the owner', async () => {
    const start = '2027-03-05T16:00:00.000Z';
    const { agent } = await verifiedClient('late.payer@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', { service: services.cut.public_id, start })
    ).json().data;
    const url = (
      await agent.post('/api/v1/online-booking/hart-studio/bookings', {
        hold: hold.token,
        first_name: 'Lou',
        answer: 'None',
      })
    ).json().data.payment_url as string;
    const sessionId = url.split('/').pop()!;
    // The client takes too long on the payment page: the hold runs out and another client books the time.
    await t.app.db
      .updateTable('slot_holds')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('payment_ref', '=', sessionId)
      .execute();
    const { agent: quicker } = await verifiedClient('quicker@example.com');
    const theirs = (
      await quicker.post('/api/v1/online-booking/hart-studio/holds', { service: services.free.public_id, start })
    ).json().data;
    expect(
      (await quicker.post('/api/v1/online-booking/hart-studio/bookings', { hold: theirs.token, first_name: 'Quin' }))
        .statusCode,
    ).toBe(201);

    expect((await pay(url)).status).toBe(303);

    const day = (await owner.get('/api/v1/appointments?from=2027-03-05&to=2027-03-05'))
      .json()
      .data.filter((a: { start_time: string }) => a.start_time === '16:00');
    expect(day).toHaveLength(1);
    const held = await t.app.db
      .selectFrom('slot_holds')
      .select(['status', 'appointment_id'])
      .where('payment_ref', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(held).toEqual({ status: 'refunded', appointment_id: null });
    const { paymentIntent, refunds } = await atProvider(sessionId);
    expect(
      await t.app.db.selectFrom('payments').select('id').where('provider_ref', '=', paymentIntent).execute(),
    ).toEqual([]);
    expect(await refunds()).toEqual([expect.objectContaining({ amount: 1000, status: 'succeeded' })]);

    // The client coming back from the payment page reads why; asking again refunds nothing more.
    const callback = await agent.get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`);
    expect(callback.json()).toEqual({
      data: { status: 'refunded' },
      message: 'The booking could not be made, so your payment has been refunded in full.',
    });
    await agent.get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`);
    // A repeated refund (a webhook delivered twice, racing the client) is the same refund at the provider.
    const stripe = stripeProvider({
      secretKey: provider.secretKey,
      webhookSecret: provider.webhookSecret,
      apiUrl: provider.url,
    });
    const result = await stripe.retrieve(sessionId);
    expect((await stripe.refund(result)).id).toBe((await stripe.refund(result)).id);
    expect(await refunds()).toHaveLength(1);
    const [mail] = await outbox('late.payer@example.com');
    expect(mail).toMatchObject({ subject: 'Your payment has been refunded', type: 'booking' });
    expect(mail.body).toContain('£10.00');
    expect(mail.body).toContain('Sorry, that time is no longer available.');
    const ownerMail = await t.app.db
      .selectFrom('outbox')
      .select('body')
      .where('user_id', '=', ownerId)
      .where('subject', '=', 'Online payment refunded')
      .execute();
    expect(ownerMail).toEqual([{ body: expect.stringContaining('Lou paid £10.00 online') }]);
  });

  it('refunds a payment for a service the owner deleted while the client was paying', async () => {
    const gone = (
      await owner.post('/api/v1/services', {
        title: 'Retired treatment',
        price: 4000,
        duration: 30,
        deposit_amount: 1500,
      })
    ).json().data;
    await owner.put(
      '/api/v1/user/booking-settings',
      settings({ service_ids: [...Object.values(services).map((s) => s.id), gone.id] }),
    );
    const { agent } = await verifiedClient('deleted.service@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: gone.public_id,
        start: '2027-03-05T15:00:00.000Z',
      })
    ).json().data;
    const url = (
      await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.token, first_name: 'Del' })
    ).json().data.payment_url as string;
    expect((await owner.delete(`/api/v1/services/${gone.id}`)).statusCode).toBe(200);
    await owner.put('/api/v1/user/booking-settings', settings());

    expect((await pay(url)).status).toBe(303);
    expect(await (await atProvider(url.split('/').pop()!)).refunds()).toEqual([
      expect.objectContaining({ amount: 1500, status: 'succeeded' }),
    ]);
    expect(
      (await owner.get('/api/v1/appointments?from=2027-03-05&to=2027-03-05'))
        .json()
        .data.filter((a: { start_time: string }) => a.start_time === '15:00'),
    ).toEqual([]);
  });

  it('ignores a webhook without a valid signature', async () => {
    const body = JSON.stringify({
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_forged', payment_status: 'paid' } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/online-booking/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
  });
});

/** A client of another API process over HTTP, keeping cookies and sending the CSRF header like the app. */
class HttpAgent {
  cookies: Record<string, string> = {};
  constructor(private base: string) {}
  async request(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ statusCode: number; json(): { data: { token: string } } }> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: Object.entries(this.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        ...(this.cookies['XSRF-TOKEN'] ? { 'x-xsrf-token': decodeURIComponent(this.cookies['XSRF-TOKEN']) } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies[pair.slice(0, i)] = pair.slice(i + 1);
    }
    const text = await res.text();
    return { statusCode: res.status, json: () => JSON.parse(text) };
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown) => this.request('POST', url, body);
}

/** A second API process on the same database (PostgreSQL): the lock that prevents double booking must span processes. */
async function secondProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const child = spawn('node_modules/.bin/tsx', ['src/server/server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SEED: '0', LOG: '0' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/api/v1/ui/manifest`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the second API process did not start');
}

describe('no double booking', () => {
  it(`100 concurrent attempts at the same time: exactly one booking${onPostgres ? ' (two API processes)' : ''}`, async () => {
    const owner = (await ownerBySlug(t.app.db, 'hart-studio'))!;
    const start = '2027-03-08T15:00:00.000Z';
    const other = onPostgres ? await secondProcess(t.databaseUrl) : null;
    try {
      const attempts = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const session = await openBookingSession(t.app.db, owner, 'email', `racer${i}@example.com`, null, false);
          // On PostgreSQL every other attempt goes through the second process.
          const agent = other && i % 2 ? new HttpAgent(other.url) : new Agent(t.app);
          await agent.get('/sanctum/csrf-cookie');
          agent.cookies.soloist_booking = session.token;
          return agent;
        }),
      );
      const results = await Promise.all(
        attempts.map(async (agent, i) => {
          const hold = await agent.post('/api/v1/online-booking/hart-studio/holds', {
            service: services.free.public_id,
            start,
          });
          if (hold.statusCode !== 201) return hold.statusCode;
          return (
            await agent.post('/api/v1/online-booking/hart-studio/bookings', {
              hold: hold.json().data.token,
              first_name: `Racer ${i}`,
            })
          ).statusCode;
        }),
      );
      expect(results.filter((s) => s === 201)).toHaveLength(1);
      expect(results.filter((s) => s === 422)).toHaveLength(99);
      const booked = await t.app.db
        .selectFrom('appointments')
        .select('id')
        .where('user_id', '=', ownerId)
        .where('starts_at', '=', start)
        .execute();
      expect(booked).toHaveLength(1);
    } finally {
      other?.child.kill();
    }
  }, 60_000);
});
