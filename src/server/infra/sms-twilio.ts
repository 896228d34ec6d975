import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
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
class ApiUrlClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }

  override request<T>(opts: RequestClient.RequestOptions<T>) {
    return super.request<T>({ ...opts, uri: opts.uri.replace(TWILIO_API, this.base) });
  }
}

/** SMS through Twilio's Messaging API: a message is `pending` with its SID until the status callback says more. */
export function twilioTransport(options: TwilioOptions): SmsTransport {
  const base = options.apiUrl?.replace(/\/$/, '');
  const client = twilio(options.accountSid, options.authToken, {
    ...(base && base !== TWILIO_API ? { httpClient: new ApiUrlClient(base) } : {}),
  });
  const sender = options.from.startsWith('MG') ? { messagingServiceSid: options.from } : { from: options.from };
  return {
    name: 'twilio',
    async deliver(to, text, messageId) {
      const message = await client.messages.create({
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
export const fromTwilio = (
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
) => typeof signature === 'string' && twilio.validateRequest(authToken, signature, url, params);

/** Twilio's delivery states in ours (spec §4: error, pending, sent, delivered). */
export function deliveryStatus(twilioStatus: string): 'pending' | 'sent' | 'delivered' | 'error' {
  if (twilioStatus === 'delivered' || twilioStatus === 'read') return 'delivered';
  if (twilioStatus === 'sent') return 'sent';
  if (['failed', 'undelivered', 'canceled'].includes(twilioStatus)) return 'error';
  return 'pending';
}
