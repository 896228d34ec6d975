import type { Db } from '../db/database';
import { nowIso } from '../db/database';

export interface Sms {
  to: string;
  text: string;
  userId?: number | null;
  /** Message type of spec §3 (reminder, thank_you, booking, marketing). */
  type?: string;
}

/**
 * What an SMS provider took a message as: `outbox` (no gateway: kept for the owner to see), or `pending` with the
 * provider's id, its delivery reported later by the provider's status callback.
 */
export interface SmsReceipt {
  status: 'outbox' | 'pending';
  ref: string | null;
}

/** An SMS gateway: hands one message over (throwing when the gateway refuses it). */
export interface SmsTransport {
  readonly name: 'outbox' | 'twilio';
  deliver(to: string, text: string): Promise<SmsReceipt>;
}

/** Sends text messages. */
export interface SmsSender {
  readonly transport: SmsTransport;
  /** Sends and records the message in the outbox with its status. */
  send(sms: Sms): Promise<void>;
}

/** The default without an SMS gateway: nothing leaves; the message is kept in the outbox, where the owner sees it. */
export const outboxTransport = (): SmsTransport => ({
  name: 'outbox',
  deliver: async () => ({ status: 'outbox', ref: null }),
});

/** Every message is recorded with its status ("error" when the gateway refused it, which is then thrown). */
export function smsSender(db: Db, transport: SmsTransport): SmsSender {
  return {
    transport,
    async send(sms) {
      const record = (status: string, ref: string | null, error: string | null) =>
        db
          .insertInto('outbox')
          .values({
            user_id: sms.userId ?? null,
            channel: 'sms',
            type: sms.type ?? null,
            recipient: sms.to,
            subject: '',
            body: sms.text,
            status,
            provider_ref: ref,
            error,
            created_at: nowIso(),
          })
          .execute();
      let receipt: SmsReceipt;
      try {
        receipt = await transport.deliver(sms.to, sms.text);
      } catch (err) {
        await record('error', null, String((err as Error).message ?? err).slice(0, 255));
        throw err;
      }
      await record(receipt.status, receipt.ref, null);
    },
  };
}
