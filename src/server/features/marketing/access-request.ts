import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/database';
import type { I18n } from '../../infra/i18n';

interface Asker {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * An owner asks the admins to open marketing: the time is kept on the owner's row (their page of the admin area shows
 * it), and one email goes to each admin, at most one a day per owner and admin (written to the outbox under a dedupe
 * key), then every such request not yet sent is sent.
 */
export async function requestMarketingAccess(
  app: FastifyInstance,
  deps: { i18n: I18n; appUrl: string },
  user: Asker,
): Promise<void> {
  await app.db.updateTable('users').set({ marketing_requested_at: nowIso() }).where('id', '=', user.id).execute();
  const admins = await app.db.selectFrom('users').select('email').where('is_admin', '=', 1).execute();
  const day = nowIso().slice(0, 10);
  const t = deps.i18n.translator('en');
  for (const admin of admins)
    await app.db
      .insertInto('outbox')
      .values({
        user_id: null,
        channel: 'email',
        recipient: admin.email,
        subject: t('marketing.accessMail.subject'),
        body: t('marketing.accessMail.text', {
          name: `${user.first_name} ${user.last_name}`.trim(),
          email: user.email,
          link: `${deps.appUrl}/admin/users/${user.id}`,
        }),
        status: 'pending',
        dedupe_key: `marketing-access:${user.id}:${admin.email}:${day}`,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  await deliverPending(app);
}

/** Emails the admins' access requests written above (each once). */
async function deliverPending(app: FastifyInstance): Promise<void> {
  const pending = await app.db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'body'])
    .where('status', '=', 'pending')
    .where('dedupe_key', 'like', 'marketing-access:%')
    .execute();
  for (const m of pending) {
    const status = await app.mailer.deliver({ to: m.recipient, subject: m.subject, text: m.body }).catch(() => 'error');
    await app.db.updateTable('outbox').set({ status, updated_at: nowIso() }).where('id', '=', m.id).execute();
  }
}
