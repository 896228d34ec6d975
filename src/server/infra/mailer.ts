import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database';
import { nowIso } from '../db/database';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  userId?: number | null;
  /** Message type (spec §3: reminder, thank_you, booking, marketing); none for account mail. */
  type?: string;
  /** Files sent with it (an invoice's PDF); the outbox records the message, not the files. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  /** Sends and records the message in the outbox with its status. */
  send(mail: Mail): Promise<void>;
  /**
   * Sends only (the caller records the message): `sent`, or `outbox` without a mail server. `headers` are added to
   * the message (List-Unsubscribe).
   */
  deliver(mail: Mail & { headers?: Record<string, string> }): Promise<'sent' | 'outbox'>;
  close(): void;
}

/**
 * Email through nodemailer: over SMTP when `SMTP_URL` is set, otherwise into the outbox table, which the app
 * shows to the owner (development has no mail server). Every message is recorded in the outbox with its status.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  // Pooled: a campaign's thousands of messages reuse a few connections instead of greeting the server for each
  // (`?pool=false` in SMTP_URL turns it off).
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, pool: true })
    : null;
  const deliver: Mailer['deliver'] = async (mail) => {
    if (!transport) return 'outbox';
    await transport.sendMail({
      from: options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachments,
      headers: mail.headers,
    });
    return 'sent';
  };
  return {
    deliver,
    async send(mail) {
      const record = (status: string) =>
        db
          .insertInto('outbox')
          .values({
            user_id: mail.userId ?? null,
            channel: 'email',
            type: mail.type ?? null,
            recipient: mail.to,
            subject: mail.subject,
            body: mail.text,
            status,
            created_at: nowIso(),
          })
          .execute();
      let status: string;
      try {
        status = await deliver(mail);
      } catch (err) {
        await record('error');
        throw err;
      }
      await record(status);
    },
    close: () => transport?.close(),
  };
}
