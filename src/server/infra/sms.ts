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

/**
 * An SMS gateway: hands one message over (throwing when the gateway refuses it). `messageId` is the message's outbox
 * row, written before the hand-over: the gateway's status callbacks name it, so a report that arrives before the
 * gateway's own id is stored still finds its message.
 */
export interface SmsTransport {
  readonly name: 'outbox' | 'twilio';
  deliver(to: string, text: string, messageId: number): Promise<SmsReceipt>;
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

/**
 * Every message is recorded first (pending), then handed over: kept in the outbox, pending with the gateway's id,
 * or an error when the gateway refused it (which is then thrown).
 */
export function smsSender(db: Db, transport: SmsTransport): SmsSender {
  return {
    transport,
    async send(sms) {
      const row = await db
        .insertInto('outbox')
        .values({
          user_id: sms.userId ?? null,
          channel: 'sms',
          type: sms.type ?? null,
          recipient: sms.to,
          subject: '',
          body: sms.text,
          status: 'pending',
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const mine = db.updateTable('outbox').where('id', '=', row.id);
      let receipt: SmsReceipt;
      try {
        receipt = await transport.deliver(sms.to, sms.text, row.id);
      } catch (err) {
        await mine
          .set({ status: 'error', error: String((err as Error).message ?? err).slice(0, 255), updated_at: nowIso() })
          .execute();
        throw err;
      }
      await recordReceipt(db, row.id, receipt);
    },
  };
}

/**
 * What the gateway said when it took a message: its id, and `outbox` when nothing left. A pending message keeps
 * whatever status a callback may already have brought (sent, delivered).
 */
export async function recordReceipt(db: Db, id: number, receipt: SmsReceipt): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      provider_ref: receipt.ref,
      ...(receipt.status === 'outbox' ? { status: 'outbox' } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}
