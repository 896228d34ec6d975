import type { TFunction } from 'i18next';
import { formatMoney } from '@soloist/renderer/core';
import { dayInWords } from '../../../domain/dates-in-words';
import { nowIso, type Db } from '../../db/database';
import { DomainError, invalid } from '../../infra/domain-error';
import type { Mailer } from '../../infra/mailer';
import { invoiceDocument, invoiceFilename } from './document';
import { invoicePdf } from './pdf';
import { settleInvoice } from './settle';

/** What sending needs: the database, the mailer, the owner's day and the language the email and PDF are in. */
export interface SendContext {
  db: Db;
  mailer: Mailer;
  today: string;
  t: TFunction;
  locale: string;
}

/**
 * Emails an invoice to the party billed with its PDF attached (spec §7 `POST /invoices/{id}/send`; a second send
 * is a resend), recorded in the outbox as an `invoice` message to the client, and marks it sent. A cancelled
 * invoice is not sent; an invoice with no email to send to is refused in words, naming the field.
 */
export async function sendInvoice(ctx: SendContext, id: number): Promise<void> {
  const doc = await invoiceDocument(ctx.db, id, ctx.t);
  if (doc.status === 'cancelled') throw new DomainError(422, 'invoices.isCancelled');
  const row = await ctx.db
    .selectFrom('invoices')
    .select(['bill_to_email', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (!row.bill_to_email) throw invalid('bill_to_email', 'invoices.noEmail');
  const pdf = await invoicePdf(doc, ctx.t, ctx.locale);
  const values = {
    number: doc.number,
    business: doc.from.name,
    total: formatMoney(doc.total, ctx.locale, doc.currency.toUpperCase()),
    due: dayInWords(ctx.locale, doc.due_date),
  };
  try {
    await ctx.mailer.send({
      to: row.bill_to_email,
      subject: ctx.t('invoices.mail.subject', values),
      text: ctx.t('invoices.mail.text', values),
      userId: row.user_id,
      type: 'invoice',
      attachments: [{ filename: invoiceFilename(doc.number), content: pdf, contentType: 'application/pdf' }],
    });
  } catch {
    throw new DomainError(502, 'invoices.sendFailed');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx.updateTable('invoices').set({ sent_at: now, updated_at: now }).where('id', '=', id).execute();
    await settleInvoice(trx, id, ctx.today);
  });
}
