import { nowIso } from '../../src/server/db/database';
import { Agent, createUser, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** A logged-in account of one kind: an owner, an affiliate, or an owner whose subscription ended (read-only). */
async function account(fields: Record<string, unknown> = {}) {
  const u = await createUser(t.app, { plan_name: 'Business Monthly' });
  if (Object.keys(fields).length) await t.app.db.updateTable('users').set(fields).where('id', '=', u.id).execute();
  const agent = new Agent(t.app);
  expect((await agent.login(u.email, u.password)).statusCode).toBe(200);
  return { ...u, agent };
}

const calendarSettings = { time_zone: 'Europe/London', slot_step: 15, min_notice_minutes: 60 };
const businessDay = { open: false, start: '09:00', end: '17:00' };
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
function upload(agent: Agent) {
  const boundary = '----soloist';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    payload,
    cookies: agent.cookies,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-xsrf-token': agent.cookies['XSRF-TOKEN'],
    },
  });
}

describe('owner-only calendar settings', () => {
  it('an affiliate cannot change calendar settings or business hours: 403, nothing stored', async () => {
    const affiliate = await account({ is_affiliate: 1, plan_name: null });
    const settings = await affiliate.agent.put('/api/v1/user/calendar-settings', calendarSettings);
    expect(settings.statusCode).toBe(403);
    expect(settings.json()).toEqual({ message: 'This action is unauthorized.' });
    expect((await affiliate.agent.put('/api/v1/user/business-time-settings/1', businessDay)).statusCode).toBe(403);
    const row = await t.app.db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', affiliate.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings ?? '{}')).not.toHaveProperty('calendarSettings');
    expect(JSON.parse(row.settings ?? '{}')).not.toHaveProperty('businessTimeSettings');
  });

  it('an administrator cannot either; an owner can; a read-only owner is told why', async () => {
    const admin = await account({ is_admin: 1, plan_name: null });
    expect((await admin.agent.put('/api/v1/user/calendar-settings', calendarSettings)).statusCode).toBe(403);
    const owner = await account();
    expect((await owner.agent.put('/api/v1/user/calendar-settings', calendarSettings)).statusCode).toBe(200);
    expect((await owner.agent.put('/api/v1/user/business-time-settings/1', businessDay)).statusCode).toBe(200);
    const readOnly = await account({ subscription_status: 'expired', stage: 'unsubscriber' });
    const refused = await readOnly.agent.put('/api/v1/user/business-time-settings/1', businessDay);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Read Only Mode/);
  });
});

describe('uploads', () => {
  it('a read-only account cannot upload (403 in words); an owner can', async () => {
    const readOnly = await account({ subscription_status: 'expired', stage: 'unsubscriber' });
    const refused = await upload(readOnly.agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Read Only Mode/);
    const affiliate = await account({ is_affiliate: 1, plan_name: null });
    expect((await upload(affiliate.agent)).statusCode).toBe(403);
    const owner = await account();
    expect((await upload(owner.agent)).statusCode).toBe(201);
  });
});

describe('booking settings take only the owner’s own classes and packages', () => {
  it('refuses another owner’s class and package ids with 422 and keeps the settings', async () => {
    const other = await account();
    const now = nowIso();
    const [theirClass, theirPackage, mine] = await Promise.all([
      t.app.db
        .insertInto('classes')
        .values({
          user_id: other.id,
          title: 'Yoga',
          price: 1200,
          duration: 60,
          spaces: 10,
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow(),
      t.app.db
        .insertInto('packages')
        .values({ user_id: other.id, title: 'Five cuts', price: 9500, created_at: now, updated_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow(),
      (async () => {
        const owner = await account();
        const own = await t.app.db
          .insertInto('classes')
          .values({
            user_id: owner.id,
            title: 'Pilates',
            price: 1000,
            duration: 60,
            spaces: 8,
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        return { ...own, owner };
      })(),
    ]);
    const { owner } = mine;
    const body = {
      enabled: false,
      slug: `page-${owner.id}`,
      service_ids: [],
      existing_clients_only: false,
      block_new_bookings: false,
      remember_days: 30,
      deposit_mode: 'none',
    };
    const res = await owner.agent.put('/api/v1/user/booking-settings', {
      ...body,
      class_ids: [mine.id, theirClass.id],
      package_ids: [theirPackage.id],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      class_ids: ['The selected classes bookable online is invalid.'],
      package_ids: ['The selected packages bookable online is invalid.'],
    });
    const ok = await owner.agent.put('/api/v1/user/booking-settings', {
      ...body,
      class_ids: [mine.id],
      package_ids: [],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.class_ids).toEqual([mine.id]);
  });
});

describe('/api/docs', () => {
  it('is served with the Content-Security-Policy, without unsafe-eval', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).headers['content-security-policy']).toBe(csp);
  });
});
