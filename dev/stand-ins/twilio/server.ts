import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { smsSize } from '../../../src/domain/sms';
import { randomHex } from '../../../src/server/infra/crypto';
import { toE164 } from '../../../src/server/infra/phones';

/** A message as the stand-in keeps it. */
export interface LocalSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  statusCallback: string | null;
}

export interface LocalTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** Every message taken, in order. */
  messages: LocalSms[];
  /** Texts a client's reply to the app's inbound webhook, signed as Twilio signs it. */
  reply(from: string, to: string, body: string, inboundUrl: string): Promise<void>;
  close(): Promise<void>;
}

export type Poster = (url: string, form: Record<string, string>, signature: string) => Promise<void>;

const postForm: Poster = async (url, form, signature) => {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(form).toString(),
  });
};

/**
 * A local stand-in for the part of Twilio's Messaging API the app uses, on 127.0.0.1, for development and tests:
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` (HTTP basic auth with the account SID and auth token, form fields
 * To, From or MessagingServiceSid, Body, StatusCallback) answered as Twilio answers (201 with the message's SID,
 * `queued`; 401 code 20003; 400 code 21211 for a number that is not one), then the status callbacks Twilio makes —
 * `sent`, then `delivered`, or `undelivered` with ErrorCode 30003 for a number in `unreachable` — each signed
 * with the auth token exactly as Twilio signs them (X-Twilio-Signature); with `reportFirst`, before the answer, as
 * a fast gateway's reports can arrive.
 */
export async function startLocalTwilio(
  options: { unreachable?: string[]; post?: Poster; reportFirst?: boolean } = {},
): Promise<LocalTwilio> {
  const accountSid = `AC${randomHex(16)}`;
  const authToken = randomHex(16);
  const messages: LocalSms[] = [];
  const post = options.post ?? postForm;
  const signed = (url: string, form: Record<string, string>) =>
    post(url, form, twilio.getExpectedTwilioSignature(authToken, url, form));

  async function report(message: LocalSms) {
    if (!message.statusCallback) return;
    const steps = options.unreachable?.includes(message.to) ? ['sent', 'undelivered'] : ['sent', 'delivered'];
    for (const status of steps) {
      message.status = status;
      await signed(message.statusCallback, {
        AccountSid: accountSid,
        MessageSid: message.sid,
        SmsSid: message.sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        From: message.from,
        ApiVersion: '2010-04-01',
        ...(status === 'undelivered' ? { ErrorCode: '30003' } : {}),
      }).catch(() => undefined);
    }
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      if (req.method !== 'POST' || req.url !== path)
        return answer(404, { code: 20404, message: 'Not found', status: 404 });
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
      if (auth !== `${accountSid}:${authToken}`)
        return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
      const form = Object.fromEntries(new URLSearchParams(raw));
      const to = form.To ?? '';
      if (toE164(to) !== to)
        return answer(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
      const message: LocalSms = {
        sid: `SM${randomHex(16)}`,
        to,
        from: form.From ?? form.MessagingServiceSid ?? '',
        body: form.Body ?? '',
        status: 'queued',
        statusCallback: form.StatusCallback ?? null,
      };
      messages.push(message);
      // Reports may reach the app before the answer does, as Twilio's sometimes do.
      const answered = () =>
        answer(201, {
          sid: message.sid,
          account_sid: accountSid,
          to: message.to,
          from: message.from,
          body: message.body,
          status: 'queued',
          num_segments: String(smsSize(message.body).parts),
          direction: 'outbound-api',
          api_version: '2010-04-01',
          date_created: new Date().toUTCString(),
          uri: `${path.replace('.json', '')}/${message.sid}.json`,
        });
      if (options.reportFirst) void report(message).then(answered);
      else {
        answered();
        setImmediate(() => void report(message));
      }
    });
  });
  // Twilio's SDK keeps its connection open between messages: the stand-in keeps an idle one longer than Node's 5 s, so
  // a message sent just as it would have closed it does not meet a reset connection (as on a busy machine).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    reply: (from, to, body, inboundUrl) =>
      signed(inboundUrl, { AccountSid: accountSid, MessageSid: `SM${randomHex(16)}`, From: from, To: to, Body: body }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
