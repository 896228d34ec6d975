import crypto from 'node:crypto';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/build';
import { loadConfig, type Config } from '../../../src/server/config';
import { notificationJobs, SCAN_EVERY } from '../../../src/server/features/notifications/scan';
import { startLocalTwilio, type LocalTwilio } from '../../../dev/stand-ins/twilio/server';
import { bullmqQueue } from '../../../src/server/infra/queue/bullmq-queue';
import type { JobQueue } from '../../../src/server/infra/queue/queue';
import { testApp, type TestApp } from '../../helpers/app';
import { insertClient, messageStudio } from '../../helpers/message-studio';
import { until } from '../../helpers/server-process';
import { smtpSink } from '../../helpers/smtp-sink';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP_URL = 'http://app.test';
const OWNERS = 2;
/** Appointments per owner, each with two clients: 2 × 30 × 2 clients × (email + SMS) = 240 reminders. */
const APPOINTMENTS = 30;
const CREDITS = 300;

/** A mail server that records the recipients of each message it takes. */
async function recordingSink() {
  const taken: string[] = [];
  const sink = await smtpSink((_raw, recipients, answer) => {
    taken.push(...recipients);
    answer();
  });
  return { ...sink, taken };
}

let t: TestApp;
let other: FastifyInstance;
let sink: Awaited<ReturnType<typeof recordingSink>>;
let twilio: LocalTwilio;
beforeAll(async () => {
  sink = await recordingSink();
  twilio = await startLocalTwilio({ post: async () => undefined }); // delivery reports are not what this is about
  const services: Partial<Config> = {
    appUrl: APP_URL,
    smtpUrl: sink.url,
    twilioAccountSid: twilio.accountSid,
    twilioAuthToken: twilio.authToken,
    twilioFrom: '+447700900000',
    twilioApiUrl: twilio.url,
  };
  t = await testApp(services);
  // A second instance of the app on the same database, as a second worker process would be.
  other = await buildApp(
    loadConfig(
      {},
      {
        ...services,
        databaseUrl: t.databaseUrl,
        uploadsDir: t.uploadsDir,
        webDir: path.join(t.uploadsDir, 'no-web'),
        logger: false,
        watchSchemas: false,
      },
    ),
  );
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await sink?.close();
  await twilio?.close();
});

/** An owner with credits, SMS reminders on (email ones are on by default) and appointments in 23½ hours. */
async function owner(n: number) {
  const studio = await messageStudio(t, { sms: CREDITS, email: CREDITS, phone: `+4477009005${n}0` });
  const put = await studio.agent.put('/api/v1/user/sms-notification-settings', {
    reminder_enabled: true,
    reminder_hours: [24],
    reminder_text: null,
    thank_you_enabled: false,
    thank_you_text: null,
  });
  expect(put.statusCode).toBe(200);
  const db = t.app.db;
  const first = await db
    .selectFrom('appointments')
    .selectAll()
    .where('id', '=', studio.appointmentId)
    .executeTakeFirstOrThrow();
  const { id, ...fields } = first;
  // The studio's appointment and client, a second client on it, then more appointments with two clients each.
  const expected: Array<{ appointmentId: number; clientId: number; email: string; phone: string }> = [
    { appointmentId: id, clientId: studio.clientId, email: 'mia@example.com', phone: `+4477009005${n}0` },
  ];
  for (let a = 0; a < APPOINTMENTS; a++) {
    const appointmentId =
      a === 0 ? id : (await db.insertInto('appointments').values(fields).returning('id').executeTakeFirstOrThrow()).id;
    for (let c = a === 0 ? 1 : 0; c < 2; c++) {
      const i = n * 100 + a * 2 + c;
      const email = `client${i}@example.com`;
      const phone = `+447700900${String(i).padStart(3, '0')}`;
      const client = await insertClient(t, studio.user.id, { first_name: `C${i}`, email, phone });
      await db
        .insertInto('appointment_clients')
        .values({ appointment_id: appointmentId, client_id: client.id, status: 'pending', position: c })
        .execute();
      expected.push({ appointmentId, clientId: client.id, email, phone });
    }
  }
  return { userId: studio.user.id, expected };
}

describe('appointment reminders on Redis (BullMQ)', () => {
  it('two workers on Redis → no duplicate reminders', async () => {
    const owners = [];
    for (let n = 0; n < OWNERS; n++) owners.push(await owner(n));
    const expected = owners.flatMap((o) => o.expected);

    // Both instances work one queue of their own in Redis (a name no other run uses), as two worker processes would.
    const name = `test-reminders-${crypto.randomBytes(4).toString('hex')}`;
    const errors: unknown[] = [];
    const queues: JobQueue[] = [];
    const handled = new Map<FastifyInstance, number>();
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const inspect = new Queue(name, { connection });
    try {
      for (const app of [t.app, other]) {
        const queue = bullmqQueue(REDIS_URL, { name, onError: (err) => errors.push(err) });
        queues.push(queue);
        app.queue = queue; // the scan asks this instance's queue for the messages it finds
        const jobs = notificationJobs(app, { i18n: app.schemas.i18n, appUrl: APP_URL });
        queue.work(
          {
            ...jobs,
            'message.appointment': async (data, job) => {
              handled.set(app, (handled.get(app) ?? 0) + 1);
              await jobs['message.appointment'](data, job);
            },
          },
          { concurrency: 4 },
        );
        // Each process declares the five-minute clock; its first run is now.
        await queue.every('messages.scan', SCAN_EVERY);
      }
      // And more scans at once on both (a clock that fired twice, a deploy overlapping): each finds every reminder.
      for (let i = 0; i < 6; i++) await queues[i % 2].add('messages.scan', null);

      const reminders = () =>
        t.app.db.selectFrom('outbox').selectAll().where('type', '=', 'reminder').orderBy('id').execute();
      await until(
        'every reminder to be sent and the queue to be empty',
        async () => {
          // (The clock's next run, in five minutes, waits as a delayed job.)
          const counts = await inspect.getJobCounts('waiting', 'active', 'prioritized');
          const rows = await reminders();
          return (
            Object.values(counts).every((n) => n === 0) &&
            rows.length >= expected.length * 2 &&
            rows.every((m) => m.status !== 'pending' || m.provider_ref)
          );
        },
        30_000,
      );
      await new Promise((r) => setTimeout(r, 300)); // anything sent twice would show now
      expect(errors).toEqual([]);
      // Both workers took reminders.
      expect([...handled.values()].filter((n) => n > 0)).toHaveLength(2);

      const rows = await reminders();
      const sent = (channel: string) =>
        rows
          .filter((m) => m.channel === channel)
          .map((m) => `${m.dedupe_key!.split(':')[1]}:${m.client_id}:${m.recipient}`)
          .sort();
      const want = (channel: 'email' | 'phone') =>
        expected.map((e) => `${e.appointmentId}:${e.clientId}:${e[channel]}`).sort();
      // One row per appointment, client and channel, and one delivery each: the mail server and the SMS gateway.
      expect(sent('email')).toEqual(want('email'));
      expect(sent('sms')).toEqual(want('phone'));
      expect(rows.filter((m) => m.channel === 'email').every((m) => m.status === 'sent')).toBe(true);
      expect([...sink.taken].sort()).toEqual(expected.map((e) => e.email).sort());
      expect(twilio.messages.map((m) => m.to).sort()).toEqual(expected.map((e) => e.phone).sort());
      // Credits spent once per message.
      for (const o of owners) {
        const mine = rows.filter((m) => m.user_id === o.userId);
        const spent = (channel: string) =>
          mine.filter((m) => m.channel === channel).reduce((sum, m) => sum + m.credits, 0);
        const balances = await t.app.db
          .selectFrom('users')
          .select(['sms_credits', 'email_credits'])
          .where('id', '=', o.userId)
          .executeTakeFirstOrThrow();
        expect(balances).toEqual({ sms_credits: CREDITS - spent('sms'), email_credits: CREDITS - o.expected.length });
      }
    } finally {
      await Promise.all(queues.map((q) => q.close()));
      await inspect.removeJobScheduler('messages.scan');
      await inspect.obliterate({ force: true });
      await inspect.close();
      await connection.quit();
    }
  });
});
