import type { FastifyInstance } from 'fastify';
import type { CreditType } from '../../../domain/credits';
import type { MessageType } from '../../../domain/message-templates';
import { smsCredits } from '../../../domain/sms';
import { nowIso } from '../../db/database';
import { recordReceipt } from '../../infra/sms';
import { appendCredits, withOwnerLock } from '../credits/ledger';
import { spendCredits, type SpendDeps } from '../credits/spend';

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
 * Sends one message to a client, once (spec §3, §9):
 *  1. its row is written first under its key (unique), so the same reminder asked for again — by a retried job or a
 *     second worker — finds the row and sends nothing;
 *  2. its credits are spent from the ledger; with too few the message is not sent, kept as an error in the §8 words
 *     and the owner is told by email, once until they next get credits;
 *  3. it is handed to the mail server or the SMS gateway; when that refuses, the row says why and the credits come
 *     back as a refund row of the ledger.
 * Nothing here throws for the message's own sake: what happened is in the row, and the caller goes on.
 */
export async function sendMessage(app: FastifyInstance, deps: SpendDeps, m: OutgoingMessage): Promise<SendResult> {
  const credits = creditsFor(m.channel, m.text);
  const row = await app.db
    .insertInto('outbox')
    .values({
      user_id: m.userId,
      client_id: m.clientId,
      channel: m.channel,
      type: m.type,
      recipient: m.to,
      subject: m.subject,
      body: m.text,
      status: 'pending',
      credits,
      dedupe_key: m.key,
      campaign_id: m.campaignId ?? null,
      unsubscribe_hash: m.unsubscribeHash ?? null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return 'duplicate';
  const update = (set: { status: string; error?: string | null; provider_ref?: string | null; credits?: number }) =>
    app.db
      .updateTable('outbox')
      .set({ ...set, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();

  const reference = `message:${row.id}`;
  const spend = await spendCredits(app, deps, { userId: m.userId, type: m.channel, amount: credits, reference });
  if (!spend.spent) {
    const t = await ownerT(app, deps, m.userId);
    await update({ status: 'error', credits: 0, error: t(`notifications.noCredits.${m.channel}`) });
    await tellOwnerOnce(app, deps, m.userId, m.channel);
    return 'no_credits';
  }
  try {
    if (m.channel === 'email') {
      const status = await app.mailer.deliver({ to: m.to, subject: m.subject, text: m.text, headers: m.headers });
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
        amount: credits,
        reference,
      }),
    );
    return 'error';
  }
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
