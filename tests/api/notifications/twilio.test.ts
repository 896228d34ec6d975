import { optOutCode } from '../../../src/server/features/notifications/opt-out';
import { sendMessage } from '../../../src/server/features/notifications/send';
import { startLocalTwilio, type LocalTwilio } from '../../../dev/stand-ins/twilio/server';
import { testApp, type TestApp } from '../../helpers/app';
import { messageStudio } from '../../helpers/message-studio';

const APP_URL = 'http://app.test';
const FROM = '+447700900000';
const UNREACHABLE = '+447700900999';
let t: TestApp;
let twilio: LocalTwilio;

beforeAll(async () => {
  // The stand-in's callbacks reach the app in-process, addressed and signed for APP_URL as Twilio would.
  twilio = await startLocalTwilio({
    unreachable: [UNREACHABLE],
    // Reports reach the app before Twilio's answer does (the race a fast gateway makes): each must still find its
    // message, which the callback URL names.
    reportFirst: true,
    post: async (url, form, signature) => {
      await t.app.inject({
        method: 'POST',
        url: `${new URL(url).pathname}${new URL(url).search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(form).toString(),
      });
    },
  });
  t = await testApp({
    appUrl: APP_URL,
    twilioAccountSid: twilio.accountSid,
    twilioAuthToken: twilio.authToken,
    twilioFrom: FROM,
    twilioApiUrl: twilio.url,
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const deps = () => ({ i18n: t.app.schemas.i18n, appUrl: APP_URL });
const rowOf = (key: string) =>
  t.app.db.selectFrom('outbox').selectAll().where('dedupe_key', '=', key).executeTakeFirstOrThrow();
/** The message's row once Twilio's callbacks have brought it to `status` (up to 15 s on a loaded machine). */
async function settled(key: string, status: string) {
  const end = Date.now() + 15_000;
  while ((await rowOf(key)).status !== status && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return rowOf(key);
}

async function sms(userId: number, clientId: number, to: string, key: string) {
  return sendMessage(t.app, deps(), {
    userId,
    clientId,
    channel: 'sms',
    type: 'reminder',
    to,
    subject: '',
    text: 'Studio Nine: reminder of your Colour on Wednesday at 10:00.',
    key,
  });
}

const post = (path: string, form: Record<string, string>, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature ? { 'x-twilio-signature': signature } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });

describe('SMS through Twilio (its SDK, against the local stand-in)', () => {
  it('hands the message to Twilio from the fixed number and follows its status callbacks to delivered', async () => {
    const { user, clientId } = await messageStudio(t);
    expect(await sms(user.id, clientId, '+447700900123', 'tw-1')).toBe('sent');
    const taken = twilio.messages.find((m) => m.to === '+447700900123')!;
    expect(taken).toMatchObject({ from: FROM, body: 'Studio Nine: reminder of your Colour on Wednesday at 10:00.' });
    const row0 = await rowOf('tw-1');
    expect(taken.statusCallback).toBe(`${APP_URL}/api/v1/sms/status?message=${row0.id}`);
    const row = await settled('tw-1', 'delivered');
    expect(row).toMatchObject({ provider_ref: taken.sid, status: 'delivered', credits: 1, error: null });
  });

  it('records an undelivered message as an error with the carrier’s code', async () => {
    const { user, clientId } = await messageStudio(t, { phone: UNREACHABLE });
    await sms(user.id, clientId, UNREACHABLE, 'tw-2');
    expect(await settled('tw-2', 'error')).toMatchObject({ error: 'Not delivered (carrier error 30003)' });
  });

  it('refuses a status callback without Twilio’s signature (403) and changes nothing; a late one never goes back', async () => {
    const { user, clientId } = await messageStudio(t);
    await sms(user.id, clientId, '+447700900123', 'tw-3');
    const row = await settled('tw-3', 'delivered');
    const form = { MessageSid: row.provider_ref!, MessageStatus: 'failed', ErrorCode: '30008' };
    expect((await post('/api/v1/sms/status', form)).statusCode).toBe(403);
    expect((await post('/api/v1/sms/status', form, 'bm90IHR3aWxpbw==')).statusCode).toBe(403);
    expect(await rowOf('tw-3')).toMatchObject({ status: 'delivered', error: null });
    // Correctly signed but older news: `sent` after `delivered` leaves it delivered.
    const twilioSdk = (await import('twilio')).default;
    const late = { MessageSid: row.provider_ref!, MessageStatus: 'sent' };
    const signature = twilioSdk.getExpectedTwilioSignature(twilio.authToken, `${APP_URL}/api/v1/sms/status`, late);
    // Signed for another URL (another message named in its query): refused.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/status?message=${row.id + 1}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(late).toString(),
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await post('/api/v1/sms/status', late, signature)).statusCode).toBe(204);
    expect((await rowOf('tw-3')).status).toBe('delivered');
  });

  it('gives the credits back when Twilio refuses the number', async () => {
    const { user, clientId } = await messageStudio(t);
    expect(await sms(user.id, clientId, '+4477', 'tw-4')).toBe('error');
    expect(await rowOf('tw-4')).toMatchObject({
      status: 'error',
      error: "The 'To' number +4477 is not a valid phone number.",
    });
    const { sms_credits } = await t.app.db
      .selectFrom('users')
      .select('sms_credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(sms_credits).toBe(10);
  });
});

describe('OPTOUT <code> texted to the fixed number', () => {
  it("switches that business's SMS and marketing off for the client texting, and no one else's", async () => {
    const a = await messageStudio(t, { phone: '+447700900456' });
    const b = await messageStudio(t, { phone: '+447700900456' });
    await twilio.reply(
      '+447700900456',
      FROM,
      `optout ${optOutCode(a.user.id).toLowerCase()}`,
      `${APP_URL}/api/v1/sms/inbound`,
    );
    const flags = (id: number) =>
      t.app.db
        .selectFrom('clients')
        .select(['sms_reminders', 'marketing_messages', 'opt_out', 'email_reminders'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await flags(a.clientId)).toEqual({
      sms_reminders: 0,
      marketing_messages: 0,
      opt_out: 1,
      email_reminders: 1,
    });
    expect(await flags(b.clientId)).toEqual({
      sms_reminders: 1,
      marketing_messages: 1,
      opt_out: 0,
      email_reminders: 1,
    });
  });

  it('refuses an unsigned text (403) and opts no one out', async () => {
    const c = await messageStudio(t, { phone: '+447700900457' });
    const res = await post('/api/v1/sms/inbound', { From: '+447700900457', Body: `OPTOUT ${optOutCode(c.user.id)}` });
    expect(res.statusCode).toBe(403);
    const { opt_out } = await t.app.db
      .selectFrom('clients')
      .select('opt_out')
      .where('id', '=', c.clientId)
      .executeTakeFirstOrThrow();
    expect(opt_out).toBe(0);
  });
});
