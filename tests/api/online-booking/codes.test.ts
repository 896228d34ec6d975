import { Agent, loggedIn } from '../../helpers/app';
import {
  bookingStudio,
  TEN,
  studioSettings,
  studioOutbox,
  lastCode as studioLastCode,
  studioClient,
  type Studio,
} from '../../helpers/booking-studio';

/** Verification codes on the public page: email and SMS, hashes only, limits and remembered devices. */
const studio: Studio = bookingStudio();
let t: Studio['t'], owner: Studio['owner'], services: Studio['services'];
beforeAll(() => {
  ({ t, owner, services } = studio);
});
const settings = (over: Record<string, unknown> = {}) => studioSettings(studio, over);
const outbox = (recipient: string) => studioOutbox(studio, recipient);
const lastCode = (to: string) => studioLastCode(studio, to);
const verifiedClient = (email: string, remember = false) => studioClient(studio, email, remember);

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

  it('recognises existing clients, and turns new ones away before sending a code when the page is for existing clients only', async () => {
    await owner.post('/api/v1/clients', { first_name: 'Erin', last_name: 'Known', email: 'Erin.Known@example.com' });
    await owner.put('/api/v1/user/booking-settings', settings({ existing_clients_only: true }));
    const known = await verifiedClient('erin.known@example.com');
    expect(known.verify.json().data.client).toEqual({ first_name: 'Erin', last_name: 'Known' });
    // Someone the owner does not know is told at once (spec §8), before any code is sent to them.
    const stranger = new Agent(t.app);
    stranger.ip = '10.66.0.1';
    await stranger.get('/sanctum/csrf-cookie');
    const asked = await stranger.post('/api/v1/online-booking/hart-studio/codes', {
      channel: 'email',
      destination: 'stranger@example.com',
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().message).toBe(
      "Test User isn't taking new client bookings at the moment! Please contact directly.",
    );
    expect(await outbox('stranger@example.com')).toEqual([]);
    expect(stranger.cookies.soloist_booking).toBeUndefined();
    await owner.put('/api/v1/user/booking-settings', settings());
  });
});
