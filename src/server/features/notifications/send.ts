import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import type { CreditType } from '../../../domain/credits';
import type { MessageType } from '../../../domain/message-templates';
import { smsCredits } from '../../../domain/sms';
import { nowIso } from '../../db/database';
import type { OutboxTable } from '../../db/tables/accounts';
import { recordReceipt } from '../../infra/sms';
import { appendCredits, spendCredits, type SpendDeps } from '../credits';
import { withOwnerLock } from '../../core/owner-lock';

export interface OutgoingMessage {
  userId: number;
  clientId: number | null;
  channel: CreditType;
  type: MessageType;
  to: string;
  subject: string;
  text: string;
  /** Makes the message happen once: a message with a key already used is not sent again. */
  key: string;
  /** Extra mail headers (List-Unsubscribe for marketing). */
  headers?: Record<string, string>;
  /** The marketing campaign it belongs to, and the hash of its unsubscribe link's token. */
  campaignId?: number;
  unsubscribeHash?: string;
}

export type SendResult = 'sent' | 'duplicate' | 'no_credits' | 'error';

/** The credits a message costs: one per SMS part (spec §9), one per email. */
export const creditsFor = (channel: CreditType, text: string): number => (channel === 'sms' ? smsCredits(text) : 1);

/**
 * A pending row untouched this long has lost its sender: the queue runs a job again only once its worker's lease has
 * run out (a dead process) or its run has failed, both well past this. A younger one may still be in a live sender's
 * hands, and is left to it.
 */
const ORPHANED_AFTER_MS = 5_000;

/**
 * Sends one message to a client, once (spec §3, §9):
 *  1. its row is written first under its key (unique), so the same reminder asked for again — by a retried job or a
 *     second worker — finds the row and sends nothing;
 *  2. its credits are spent from the ledger; with too few the message is not sent, kept as an error in the §8 words
 *     and the owner is told by email, once until they next get credits;
 *  3. it is handed to the mail server or the SMS gateway; when that refuses, the row says why and the credits come
 *     back as a refund row of the ledger.
 * A sender that died between 1 and the end of 3 leaves its row pending: the job run again takes the row over (see
 * `orphanOf`) instead of taking it for sent, so a crash does not lose the message. The only window left is the
 * provider having taken the message just before the crash: then it goes twice, with the same Message-ID, which
 * mailboxes that remove duplicates remove.
 * Nothing here throws for the message's own sake: what happened is in the row, and the caller goes on.
 */
export async function sendMessage(app: FastifyInstance, deps: SpendDeps, m: OutgoingMessage): Promise<SendResult> {
  const credits = creditsFor(m.channel, m.text);
  const content = {
    recipient: m.to,
    subject: m.subject,
    body: m.text,
    credits,
    unsubscribe_hash: m.unsubscribeHash ?? null,
    updated_at: nowIso(),
  };
  const fresh = await app.db
    .insertInto('outbox')
    .values({
      ...content,
      user_id: m.userId,
      client_id: m.clientId,
      channel: m.channel,
      type: m.type,
      status: 'pending',
      dedupe_key: m.key,
      campaign_id: m.campaignId ?? null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  const row = fresh ? { id: fresh.id, resumed: false } : await orphanOf(app, m.key, content);
  if (!row) return 'duplicate';
  const update = (set: { status: string; error?: string | null; provider_ref?: string | null; credits?: number }) =>
    app.db
      .updateTable('outbox')
      .set({ ...set, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();

  const reference = `message:${row.id}`;
  const spent = row.resumed ? await spentOn(app, m.userId, m.channel, reference) : 0;
  if (spent > 0) await update({ status: 'pending', credits: spent });
  else {
    const spend = await spendCredits(app, deps, { userId: m.userId, type: m.channel, amount: credits, reference });
    if (!spend.spent) {
      const t = await ownerT(app, deps, m.userId);
      await update({ status: 'error', credits: 0, error: t(`notifications.noCredits.${m.channel}`) });
      await tellOwnerOnce(app, deps, m.userId, m.channel);
      return 'no_credits';
    }
  }
  try {
    if (m.channel === 'email') {
      // One id per message however often it is handed over (see above).
      const host = URL.canParse(deps.appUrl) ? new URL(deps.appUrl).hostname : 'soloist.app';
      const messageId = `<message-${row.id}@${host}>`;
      const headers = { ...m.headers, 'Message-ID': messageId };
      const status = await app.mailer.deliver({ to: m.to, subject: m.subject, text: m.text, headers });
      await update({ status });
    } else {
      await recordReceipt(app.db, row.id, await app.sms.transport.deliver(m.to, m.text, row.id));
    }
    return 'sent';
  } catch (err) {
    app.log.warn({ err, message: row.id }, 'message refused by the provider');
    await update({ status: 'error', error: String((err as Error)?.message ?? err).slice(0, 255) });
    await withOwnerLock(app.db, app.dialect, m.userId, (trx) =>
      appendCredits(trx, {
        userId: m.userId,
        type: m.channel,
        kind: 'refund',
        bucket: 'bought',
        amount: spent || credits,
        reference,
      }),
    );
    return 'error';
  }
}

/**
 * The row under `key` when its sender died before finishing it (pending, not handed to the SMS gateway, untouched for
 * `ORPHANED_AFTER_MS`), taken over by one conditional update (so of two takers one wins) with the message as it is
 * composed now: a marketing email's new unsubscribe token replaces the one that never left. Else null: the message
 * was sent, or is being sent.
 */
async function orphanOf(app: FastifyInstance, key: string, content: Updateable<OutboxTable>) {
  const row = await app.db
    .selectFrom('outbox')
    .select(['id', 'status', 'provider_ref', 'updated_at'])
    .where('dedupe_key', '=', key)
    .executeTakeFirst();
  if (!row || row.status !== 'pending' || row.provider_ref !== null || row.updated_at === null) return null;
  if (Date.parse(row.updated_at) > Date.now() - ORPHANED_AFTER_MS) return null;
  const taken = await app.db
    .updateTable('outbox')
    .set(content)
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('provider_ref', 'is', null)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? { id: row.id, resumed: true } : null;
}

/** The credits already spent under `reference` (by a sender that died after spending): they are not spent again. */
async function spentOn(app: FastifyInstance, userId: number, type: CreditType, reference: string): Promise<number> {
  const row = await app.db
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('amount'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('kind', '=', 'spend')
    .where('reference', 'in', [reference, `${reference}:plan`])
    .executeTakeFirst();
  return -Number(row?.amount ?? 0);
}

async function ownerT(app: FastifyInstance, deps: SpendDeps, userId: number) {
  const owner = await app.db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirstOrThrow();
  return deps.i18n.translator(owner.locale === 'uk' ? 'uk' : 'en');
}

/**
 * The owner learns that messages are not going out for want of credits (spec §8) once per refill: the email's key
 * names the last time credits of the type came in, so the next shortage after a purchase or a grant tells them again.
 */
async function tellOwnerOnce(app: FastifyInstance, deps: SpendDeps, userId: number, channel: CreditType) {
  const refill = await app.db
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .where('type', '=', channel)
    .where('amount', '>', 0)
    .executeTakeFirst();
  const owner = await app.db
    .selectFrom('users')
    .select(['email', 'first_name', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const t = deps.i18n.translator(owner.locale === 'uk' ? 'uk' : 'en');
  const values = { name: owner.first_name, link: `${deps.appUrl}/account-setup/notifications/credits` };
  const subject = t(`notifications.noCreditsMail.${channel}.subject`);
  const text = t(`notifications.noCreditsMail.${channel}.text`, values);
  const told = await app.db
    .insertInto('outbox')
    .values({
      user_id: userId,
      channel: 'email',
      recipient: owner.email,
      subject,
      body: text,
      status: 'pending',
      dedupe_key: `no-credits:${userId}:${channel}:${refill?.id ?? 0}`,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!told) return;
  const status = await app.mailer.deliver({ to: owner.email, subject, text }).catch(() => 'error');
  await app.db.updateTable('outbox').set({ status, updated_at: nowIso() }).where('id', '=', told.id).execute();
}
