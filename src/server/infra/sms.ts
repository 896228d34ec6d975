import type { Db } from '../db/database';
import { nowIso } from '../db/database';

export interface Sms {
  to: string;
  text: string;
  userId?: number | null;
  /** Message type of spec §3 (reminder, thank_you, booking, marketing). */
  type?: string;
}

/** Sends text messages. A gateway implementation plugs in here; every message is recorded with its status. */
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/**
 * The default without an SMS gateway: the message is kept in the outbox (status "outbox"), where the owner sees
 * it under Messages, exactly as email is without a mail server.
 */
export function outboxSms(db: Db): SmsSender {
  return {
    async send(sms) {
      await db
        .insertInto('outbox')
        .values({
          user_id: sms.userId ?? null,
          channel: 'sms',
          type: sms.type ?? null,
          recipient: sms.to,
          subject: '',
          body: sms.text,
          status: 'outbox',
          created_at: nowIso(),
        })
        .execute();
    },
  };
}
