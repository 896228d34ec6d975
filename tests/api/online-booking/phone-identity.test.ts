import { up as phonesToE164 } from '../../../src/server/db/migrations/0007-phones-e164';
import { nowIso } from '../../../src/server/db/database';
import { Agent, loggedIn, testApp, type TestApp } from '../../helpers/app';

let t: TestApp;
let owner: Agent;
let ownerId: number;
let guests = 0;
beforeAll(async () => {
  t = await testApp();
  ({
    agent: owner,
    user: { id: ownerId },
  } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  const service = (await owner.post('/api/v1/services', { title: 'Consultation', price: 0, duration: 30 })).json().data;
  const settings = await owner.put('/api/v1/user/booking-settings', {
    enabled: true,
    slug: 'phone-studio',
    service_ids: [service.id],
    class_ids: [],
    package_ids: [],
    existing_clients_only: true,
    block_new_bookings: false,
    remember_days: 30,
    deposit_mode: 'none',
  });
  expect(settings.statusCode).toBe(200);
});
afterAll(async () => t.close());

/** A guest asks for an SMS code to `phone` and types the code that was sent. */
async function verifyPhone(phone: string) {
  const guest = new Agent(t.app);
  guest.ip = `203.0.113.${++guests}`;
  await guest.get('/sanctum/csrf-cookie');
  const sent = await guest.post('/api/v1/online-booking/phone-studio/codes', { channel: 'sms', destination: phone });
  if (sent.statusCode !== 200) return sent;
  const sms = await t.app.db
    .selectFrom('outbox')
    .select('body')
    .where('user_id', '=', ownerId)
    .where('channel', '=', 'sms')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return guest.post('/api/v1/online-booking/phone-studio/codes/verify', {
    token: sent.json().data.token,
    code: /\b(\d{6})\b/.exec(sms.body)![1],
  });
}

describe('clients’ phones are E.164', () => {
  it('stores a national number in E.164 with the owner’s country, and refuses what is no phone number', async () => {
    const created = await owner.post('/api/v1/clients', {
      first_name: 'Olivia',
      last_name: 'Owner',
      phone: '07700 900555',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.phone).toBe('+447700900555');
    const updated = await owner.put(`/api/v1/clients/${created.json().data.id}`, {
      ...created.json().data,
      phone: '+44 (0)7700-900555',
    });
    expect(updated.json().data.phone).toBe('+447700900555');
    const bad = await owner.post('/api/v1/clients', { first_name: 'Bad', phone: 'call me maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The phone format is invalid.',
      errors: { phone: ['The phone format is invalid.'] },
    });
    expect(
      (await owner.post('/api/v1/clients', { first_name: 'Short', phone: '+1 700 900 555' })).json().errors,
    ).toEqual({ phone: ['The phone format is invalid.'] });
  });

  it('converts stored phones to E.164 in a migration, leaving what cannot be read', async () => {
    const now = nowIso();
    const rows = await t.app.db
      .insertInto('clients')
      .values([
        { user_id: ownerId, first_name: 'Old', phone: '07700 900777', created_at: now, updated_at: now },
        { user_id: ownerId, first_name: 'Odd', phone: 'ask at desk', created_at: now, updated_at: now },
      ] as never)
      .returning('id')
      .execute();
    await phonesToE164(t.app.db as never);
    const phones = await t.app.db
      .selectFrom('clients')
      .select('phone')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(phones.map((p) => p.phone)).toEqual(['+447700900777', 'ask at desk']);
  });
});

describe('the booking page recognises a client by phone only on an exact E.164 match', () => {
  it('a code sent to +1 700 900 555 is no phone number: refused, never recognised as +447700900555', async () => {
    const res = await verifyPhone('+1 700 900 555');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ destination: ['Please enter a valid phone number.'] });
  });

  it('0900555 (same last digits, another number) is not the client: "existing clients only" refuses it', async () => {
    const res = await verifyPhone('0900555');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).not.toContain('Olivia');
  });

  it('+44 7800 900555 (same last seven digits) is not the client either', async () => {
    expect((await verifyPhone('+44 7800 900555')).statusCode).toBe(403);
  });

  it('07700 900555 read with the owner’s country (GB) is the client +447700900555', async () => {
    const res = await verifyPhone('07700 900555');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      destination: '+447700900555',
      client: { first_name: 'Olivia', last_name: 'Owner' },
    });
  });

  it('an email is recognised case-folded', async () => {
    await owner.post('/api/v1/clients', { first_name: 'Mail', last_name: 'Client', email: 'Mail.Client@Example.com' });
    const guest = new Agent(t.app);
    guest.ip = '203.0.113.200';
    await guest.get('/sanctum/csrf-cookie');
    const sent = await guest.post('/api/v1/online-booking/phone-studio/codes', {
      channel: 'email',
      destination: 'MAIL.client@example.COM',
    });
    const mail = await t.app.db
      .selectFrom('outbox')
      .select('body')
      .where('channel', '=', 'email')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await guest.post('/api/v1/online-booking/phone-studio/codes/verify', {
      token: sent.json().data.token,
      code: /\b(\d{6})\b/.exec(mail.body)![1],
    });
    expect(res.json().data.client).toEqual({ first_name: 'Mail', last_name: 'Client' });
  });
});
