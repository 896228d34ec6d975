import { smsCredits } from '../../../src/domain/sms';
import { notificationJobs, scanAppointmentMessages } from '../../../src/server/features/notifications/scan';
import { testApp, type Agent, type TestApp } from '../../helpers/app';
import { messageStudio } from '../../helpers/message-studio';

const HOUR = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const deps = () => ({ i18n: t.app.schemas.i18n, appUrl: 'http://app.test' });

const studio = (options: Parameters<typeof messageStudio>[1] = {}) => messageStudio(t, options);

/** A channel's settings as the form sends them. */
const settings = (over: Record<string, unknown> = {}) => ({
  reminder_enabled: true,
  reminder_hours: [24],
  reminder_text: null,
  thank_you_enabled: false,
  thank_you_text: null,
  ...over,
});
const off = settings({ reminder_enabled: false });

/** Scans, then runs every message job it asked for, as the queue's worker would. */
async function runClock(times = 1) {
  const jobs = notificationJobs(t.app, deps());
  for (let i = 0; i < times; i++) {
    await scanAppointmentMessages(t.app);
    const due = await t.app.db
      .selectFrom('jobs')
      .select(['id', 'data'])
      .where('name', '=', 'message.appointment')
      .where('status', '=', 'waiting')
      .execute();
    for (const job of due) {
      await jobs['message.appointment'](JSON.parse(job.data), {
        id: String(job.id),
        name: 'message.appointment',
        attempt: 1,
      });
      await t.app.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', job.id).execute();
    }
  }
}

const messagesOf = (userId: number) =>
  t.app.db
    .selectFrom('outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', 'is not', null)
    .orderBy('id')
    .execute();

const put = (agent: Agent, type: string, body: unknown) =>
  agent.put(`/api/v1/user/${type}-notification-settings`, body);

describe('notification settings', () => {
  it('shows each text as it goes out (the default in the owner’s language) and saves the owner’s own', async () => {
    const { agent, user } = await studio();
    const before = (await agent.get('/api/v1/user/sms-notification-settings')).json().data;
    expect(before).toMatchObject({ reminder_enabled: false, reminder_hours: [24], thank_you_enabled: false });
    expect(before.reminder_text).toBe('{business_name}: reminder of your {service} on {date} at {time}.');
    const email = (await agent.get('/api/v1/user/email-notification-settings')).json().data;
    expect(email).toMatchObject({
      reminder_enabled: true,
      reminder_subject: 'Reminder: {service} on {date} at {time}',
    });
    const text = 'Hi {client_first_name}, see you {date} at {time}!';
    const res = await put(agent, 'sms', settings({ reminder_hours: [2, 24], reminder_text: text }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('SMS notification settings saved.');
    expect(res.json().data).toMatchObject({ reminder_enabled: true, reminder_hours: [24, 2], reminder_text: text });
    // Saved as the owner's words; the default untouched stays the default, in the language the owner's clients get
    // their messages in (the owner's).
    await t.app.db.updateTable('users').set({ locale: 'uk' }).where('id', '=', user.id).execute();
    const uk = await agent.get('/api/v1/user/sms-notification-settings');
    expect(uk.json().data.reminder_text).toBe(text);
    expect(uk.json().data.thank_you_text).toMatch(/^Дякуємо за візит/);
  });

  it('refuses an unknown or mistyped tag by name (422) and saves nothing', async () => {
    const { agent } = await studio();
    const res = await put(agent, 'sms', settings({ reminder_text: 'Hi {Client_First_Name}, {date at {time}' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reminder_text[0]).toBe(
      'Unknown tags {Client_First_Name}, {date: copy tags exactly as they are listed.',
    );
    const wrongTag = await put(agent, 'email', settings({ thank_you_subject: 'Thanks from {businessname}' }));
    expect(wrongTag.json().errors.thank_you_subject[0]).toBe(
      'Unknown tag {businessname}: copy tags exactly as they are listed.',
    );
    const none = await put(agent, 'email', settings({ reminder_hours: [] }));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.reminder_hours[0]).toBe('Choose when reminders go out.');
    const odd = await put(agent, 'sms', settings({ reminder_hours: [3] }));
    expect(odd.statusCode).toBe(422);
    expect((await agent.get('/api/v1/user/sms-notification-settings')).json().data.reminder_enabled).toBe(false);
  });
});

describe('reminders', () => {
  it('sends each reminder once by SMS and email, filled in, with its credits spent from the ledger', async () => {
    const { agent, user, clientId } = await studio();
    await put(agent, 'sms', settings());
    await runClock(2);
    const sent = await messagesOf(user.id);
    expect(sent.map((m) => [m.channel, m.type, m.recipient, m.status])).toEqual([
      ['sms', 'reminder', '+447700900123', 'outbox'],
      ['email', 'reminder', 'mia@example.com', 'outbox'],
    ]);
    const sms = sent[0];
    expect(sms.body).toMatch(/^Test User: reminder of your Colour on \w+day \d+ \w+ \d{4} at \d\d:\d\d\.$/);
    expect(sms.credits).toBe(smsCredits(sms.body));
    expect(sms.client_id).toBe(clientId);
    expect(sent[1].body).toContain('Hello Mia,');
    const balances = await t.app.db
      .selectFrom('users')
      .select(['sms_credits', 'email_credits'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(balances).toEqual({ sms_credits: 10 - sms.credits, email_credits: 9 });
  });

  it('sends nothing for a cancelled appointment, nor a 24-hour reminder for one booked after it was due', async () => {
    const cancelled = await studio();
    await t.app.db
      .updateTable('appointment_clients')
      .set({ status: 'cancelled' })
      .where('appointment_id', '=', cancelled.appointmentId)
      .execute();
    // Starts in 23½ hours: its 24-hour reminder was due half an hour ago, and it was booked 10 minutes ago.
    const late = await studio({ bookedAgo: 10 * 60_000 });
    await runClock();
    expect(await messagesOf(cancelled.user.id)).toEqual([]);
    expect(await messagesOf(late.user.id)).toEqual([]);
  });

  it('without credits: not sent, kept as an error in the spec’s words, nothing spent, the owner told once', async () => {
    const { agent, user } = await studio({ sms: 0 });
    await put(agent, 'sms', settings());
    await put(agent, 'email', off);
    await runClock();
    const [sms] = await messagesOf(user.id);
    expect(sms).toMatchObject({
      channel: 'sms',
      status: 'error',
      credits: 0,
      error: 'You need to buy more SMS credits to send this message',
    });
    const spends = await t.app.db
      .selectFrom('credit_entries')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'spend')
      .execute();
    expect(spends).toEqual([]);
    // A second appointment the same day: still one email to the owner.
    await t.app.db
      .updateTable('appointments')
      .set({ starts_at: new Date(Date.now() + 23 * HOUR + 45 * 60_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    await runClock();
    const told = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('type', 'is', null)
      .execute();
    expect(told.map((m) => m.subject)).toEqual(['Your SMS messages are not being sent']);
    expect((await messagesOf(user.id)).filter((m) => m.error)).toHaveLength(2);
  });

  it('gives the credits back as a refund row when the SMS gateway refuses the message', async () => {
    const { agent, user } = await studio();
    await put(agent, 'sms', settings());
    await put(agent, 'email', off);
    const transport = t.app.sms.transport;
    const refuse = jest.spyOn(transport, 'deliver').mockRejectedValueOnce(new Error('The number is unreachable'));
    try {
      await runClock();
    } finally {
      refuse.mockRestore();
    }
    const [sms] = await messagesOf(user.id);
    expect(sms).toMatchObject({ status: 'error', error: 'The number is unreachable' });
    const rows = await t.app.db
      .selectFrom('credit_entries')
      .select(['kind', 'amount'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'admin', amount: 10 },
      { kind: 'admin', amount: 10 },
      { kind: 'spend', amount: -sms.credits },
      { kind: 'refund', amount: sms.credits },
    ]);
  });

  it('thanks an attended client once, when the owner switched thank-yous on', async () => {
    const { agent, user, appointmentId } = await studio({ startsIn: -2 * HOUR });
    await put(
      agent,
      'email',
      settings({ thank_you_enabled: true, thank_you_text: 'Thanks {client_first_name} for the {service}!' }),
    );
    await runClock();
    expect(await messagesOf(user.id)).toEqual([]);
    await t.app.db
      .updateTable('appointment_clients')
      .set({ status: 'attended' })
      .where('appointment_id', '=', appointmentId)
      .execute();
    await runClock(2);
    const sent = await messagesOf(user.id);
    expect(sent.map((m) => [m.type, m.subject, m.body])).toEqual([
      ['thank_you', 'Thank you for your visit', 'Thanks Mia for the Colour!'],
    ]);
  });
});
