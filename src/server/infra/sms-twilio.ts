import type RequestClient from 'twilio/lib/base/RequestClient';
import { loadTwilio } from './lazy-modules';
import type { SmsTransport } from './sms';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The fixed sending number (E.164) or a messaging service SID (MG…). */
  from: string;
  /** Where Twilio reports each message's delivery (`POST /api/v1/sms/status`). */
  statusCallbackUrl: string;
  /** https://api.twilio.com, or a stand-in that speaks the same API (development and tests). */
  apiUrl?: string;
}

const TWILIO_API = 'https://api.twilio.com';

/**
 * Twilio's SDK sends to api.twilio.com; pointed elsewhere, each request's address is rewritten to the stand-in —
 * the SDK's own extension point (a custom HTTP client), so the SDK still builds and signs every call itself.
 */
async function twilioClient(options: TwilioOptions) {
  const twilio = await loadTwilio();
  const base = options.apiUrl?.replace(/\/$/, '');
  if (!base || base === TWILIO_API) return twilio(options.accountSid, options.authToken);
  class ApiUrlClient extends twilio.RequestClient {
    override request<T>(opts: RequestClient.RequestOptions<T>) {
      return super.request<T>({ ...opts, uri: opts.uri.replace(TWILIO_API, base!) });
    }
  }
  return twilio(options.accountSid, options.authToken, { httpClient: new ApiUrlClient() });
}

/**
 * SMS through Twilio's Messaging API: a message is `pending` with its SID until the status callback says more. The
 * SDK is loaded with the first message.
 */
export function twilioTransport(options: TwilioOptions): SmsTransport {
  let client: ReturnType<typeof twilioClient> | undefined;
  const sender = options.from.startsWith('MG') ? { messagingServiceSid: options.from } : { from: options.from };
  return {
    name: 'twilio',
    async deliver(to, text, messageId) {
      client ??= twilioClient(options).catch((err: unknown) => {
        client = undefined;
        throw err;
      });
      const message = await (
        await client
      ).messages.create({
        to,
        body: text,
        // Names our message, so a report that comes before Twilio's answer is stored still finds it.
        statusCallback: `${options.statusCallbackUrl}?message=${messageId}`,
        ...sender,
      });
      return { status: 'pending', ref: message.sid };
    },
  };
}

/** Whether a request claiming to be Twilio's carries Twilio's signature for this URL and these form fields. */
export const fromTwilio = async (
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
) => typeof signature === 'string' && (await loadTwilio()).validateRequest(authToken, signature, url, params);

/** Twilio's delivery states in ours (spec §4: error, pending, sent, delivered). */
export function deliveryStatus(twilioStatus: string): 'pending' | 'sent' | 'delivered' | 'error' {
  if (twilioStatus === 'delivered' || twilioStatus === 'read') return 'delivered';
  if (twilioStatus === 'sent') return 'sent';
  if (['failed', 'undelivered', 'canceled'].includes(twilioStatus)) return 'error';
  return 'pending';
}
