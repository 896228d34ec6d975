import { addDays, todayIn } from '../../../src/domain/dates';
import { notificationJobs } from '../../../src/server/features/notifications/scan';
import { Agent, loggedIn, testApp, type TestApp } from '../../helpers/app';
import { insertClient } from '../../helpers/message-studio';
import { appendCredits } from '../../../src/server/features/credits/ledger';
import { withOwnerLock } from '../../../src/server/core/owner-lock';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

/** Runs the appointment message jobs waiting on the queue, as a worker would; a job run twice sends nothing more. */
async function work(twice = false) {
  const jobs = notificationJobs(t.app, { i18n: t.app.schemas.i18n, appUrl: 'http://app.test' });
  const due = await t.app.db
    .selectFrom('jobs')
    .select(['id', 'data'])
    .where('name', '=', 'message.appointment')
    .where('status', '=', 'waiting')
    .orderBy('id')
    .execute();
  for (const job of due) {
    for (let i = 0; i < (twice ? 2 : 1); i++)
      await jobs['message.appointment'](JSON.parse(job.data), { id: String(job.id), name: 'x', attempt: 1 });
    await t.app.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', job.id).execute();
  }
}

/** An owner with credits, a service and two clients reachable both ways. */
async function studio() {
  const { agent, user } = await loggedIn(t.app);
  await withOwnerLock(t.app.db, t.app.dialect, user.id, async (trx) => {
    for (const type of ['sms', 'email'] as const)
      await appendCredits(trx, { userId: user.id, type, kind: 'admin', bucket: 'bought', amount: 20 });
  });
  const service = (await agent.post('/api/v1/services', { title: 'Colour', price: 4000, duration: 60 })).json().data.id;
  const mia = await insertClient(t, user.id, { first_name: 'Mia', email: 'mia@example.com', phone: '+447700900301' });
  const leo = await insertClient(t, user.id, { first_name: 'Leo', email: 'leo@example.com', phone: '+447700900302' });
  return { agent, user, service, mia: mia.id, leo: leo.id, tomorrow: addDays(todayIn('Europe/London'), 1) };
}

const book = (agent: Agent, service: number, clients: number[], date: string, start_time = '10:00') =>
  agent.post('/api/v1/appointments', { type: 'service', service_id: service, client_ids: clients, date, start_time });

const messagesOf = (userId: number) =>
  t.app.db
    .selectFrom('outbox')
    .select(['recipient', 'channel', 'type', 'subject', 'body', 'credits', 'status'])
    .where('user_id', '=', userId)
    .where('type', '=', 'booking')
    .orderBy('id')
    .execute();

describe('booking messages for the appointments an owner books', () => {
  it('confirms a booking by email (on until switched off), once, in the owner’s words with the tags filled', async () => {
    const { agent, user, service, mia, tomorrow } = await studio();
    const res = await book(agent, service, [mia], tomorrow);
    expect(res.statusCode).toBe(201);
    await work(true);
    const sent = await messagesOf(user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: 'mia@example.com', channel: 'email', credits: 1 });
    expect(sent[0].status).not.toBe('error');
    expect(sent[0].subject).toMatch(/^Booked: Colour on \w+day \d+ \w+ \d{4} at 10:00$/);
    expect(sent[0].body).toContain('Hello Mia,');
  });

  it('tells each client of a new time, once per time, and of a cancellation; SMS only once switched on', async () => {
    const { agent, user, service, mia, leo, tomorrow } = await studio();
    const sms = await agent.get('/api/v1/user/sms-notification-settings');
    const on = await agent.put('/api/v1/user/sms-notification-settings', {
      ...sms.json().data,
      rescheduled_enabled: true,
      cancelled_enabled: true,
    });
    expect(on.statusCode).toBe(200);
    const id = (await book(agent, service, [mia, leo], tomorrow)).json().data.id;
    await work();
    await agent.put(`/api/v1/appointments/${id}/time`, { date: tomorrow, start_time: '15:00' });
    await agent.put(`/api/v1/appointments/${id}/time`, { date: tomorrow, start_time: '15:00' }); // the same time
    await work();
    await agent.put(`/api/v1/appointments/${id}/status`, { status: 'cancelled', client_id: leo });
    await work(true);
    const sent = (await messagesOf(user.id)).map((m) => [m.recipient, m.channel, m.subject || m.body]);
    expect(sent).toEqual([
      ['mia@example.com', 'email', expect.stringMatching(/^Booked: /)],
      ['leo@example.com', 'email', expect.stringMatching(/^Booked: /)],
      ['+447700900301', 'sms', expect.stringMatching(/has moved to .* at 15:00\.$/)],
      ['mia@example.com', 'email', expect.stringMatching(/^New time: Colour on .* at 15:00$/)],
      ['+447700900302', 'sms', expect.stringMatching(/has moved to/)],
      ['leo@example.com', 'email', expect.stringMatching(/^New time: /)],
      ['+447700900302', 'sms', expect.stringMatching(/at 15:00 is cancelled\. Contact us to book another time\.$/)],
      ['leo@example.com', 'email', expect.stringMatching(/^Cancelled: Colour on /)],
    ]);
  });

  it('says nothing of an appointment in the past, or when the owner switched the message off', async () => {
    const { agent, user, service, mia, tomorrow } = await studio();
    await book(agent, service, [mia], addDays(tomorrow, -3));
    const email = (await agent.get('/api/v1/user/email-notification-settings')).json().data;
    await agent.put('/api/v1/user/email-notification-settings', { ...email, booked_enabled: false });
    await book(agent, service, [mia], tomorrow, '12:00');
    await work();
    expect(await messagesOf(user.id)).toEqual([]);
  });

  it('refuses a mistyped tag in a booking message, naming it, and keeps the settings', async () => {
    const { agent } = await studio();
    const email = (await agent.get('/api/v1/user/email-notification-settings')).json().data;
    const res = await agent.put('/api/v1/user/email-notification-settings', {
      ...email,
      cancelled_text: 'Sorry {client_first_name}, {Date} is off',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cancelled_text[0]).toBe('Unknown tag {Date}: copy tags exactly as they are listed.');
    expect((await agent.get('/api/v1/user/email-notification-settings')).json().data.cancelled_text).toBe(
      email.cancelled_text,
    );
  });

  it('shows and keeps the texts in the language clients get them in (the owner’s), whatever the screen’s', async () => {
    const { agent, user } = await studio();
    const ukScreen = { 'x-locale': 'uk' };
    const english = (await agent.request('GET', '/api/v1/user/sms-notification-settings', undefined, ukScreen)).json()
      .data;
    expect(english.booked_text).toBe('{business_name}: your {service} is booked for {date} at {time}.');
    // Saved unchanged from a Ukrainian screen, they stay the defaults, which follow the owner's language.
    await agent.request('PUT', '/api/v1/user/sms-notification-settings', english, ukScreen);
    const row = await t.app.db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
    expect(settings.notificationSettings.sms.messages.booked.text).toBeNull();
    await t.app.db.updateTable('users').set({ locale: 'uk' }).where('id', '=', user.id).execute();
    const ukrainian = (await agent.get('/api/v1/user/sms-notification-settings')).json().data;
    expect(ukrainian.booked_text).toBe('{business_name}: вас записано на «{service}», {date} о {time}.');
  });

  it('tells a template’s preview how the business names itself and links its page (GET /user/message-voice)', async () => {
    const { agent, user } = await studio();
    const plain = (await agent.get('/api/v1/user/message-voice')).json().data;
    expect(plain).toEqual({ business_name: 'Test User', booking_link: '' });
    await t.app.db
      .updateTable('users')
      .set({
        booking_slug: 'hart-hair',
        settings: JSON.stringify({
          invoiceSettings: { business_name: 'Hart Hair' },
          bookingSettings: { enabled: true },
        }),
      })
      .where('id', '=', user.id)
      .execute();
    expect((await agent.get('/api/v1/user/message-voice')).json().data).toEqual({
      business_name: 'Hart Hair',
      booking_link: 'http://app.test/online-booking/hart-hair',
    });
    expect((await new Agent(t.app).get('/api/v1/user/message-voice')).statusCode).toBe(401);
  });
});
