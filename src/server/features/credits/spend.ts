import type { FastifyInstance } from 'fastify';
import { bundleById, crossed, LOW_SMS_AT, TOP_UP_AT, type CreditType } from '../../../domain/credits';
import type { I18n } from '../../infra/i18n';
import { buyBundle } from './buy';
import { takeCredits } from './ledger';
import { withOwnerLock } from '../../core/owner-lock';
import { creditSettingOf } from './settings';

export interface Spend {
  userId: number;
  type: CreditType;
  amount: number;
  /** What the credits paid for (a message's id): the same reference is spent once. */
  reference: string;
  note?: string | null;
}

export interface SpendDeps {
  i18n: I18n;
  appUrl: string;
}

/**
 * Spends credits on a message (spec §9): plan credits first, then bought ones; refused (`spent: false`, nothing
 * written) when the balance is short, so credits never go negative. A spend that takes the balance down to 10 with
 * auto-renew on buys the last bundle again on the default card; one that takes the SMS balance down to 20 sends
 * the low-credit email. Balances change under the owner's lock, so among any number of concurrent spends exactly
 * one crosses each threshold: the top-up and the email happen once per crossing. The owner's bell is told of each
 * (bought, or not: a declined card), and of low credits whether or not the email goes. Nothing failing undoes the
 * spend.
 */
export async function spendCredits(
  app: FastifyInstance,
  deps: SpendDeps,
  spend: Spend,
): Promise<{ spent: boolean; balance: number }> {
  const taken = await withOwnerLock(app.db, app.dialect, spend.userId, (trx) =>
    takeCredits(trx, { ...spend, kind: 'spend' }),
  );
  if (!taken) {
    const row = await app.db
      .selectFrom('users')
      .select(['sms_credits', 'email_credits'])
      .where('id', '=', spend.userId)
      .executeTakeFirstOrThrow();
    return { spent: false, balance: spend.type === 'sms' ? row.sms_credits : row.email_credits };
  }
  let balance = taken.after;
  const told = { ownerId: spend.userId, type: spend.type };
  if (crossed(taken.before, taken.after, TOP_UP_AT)) {
    try {
      const renewed = await topUp(app, spend.userId, spend.type, taken.id);
      if (renewed !== null) {
        balance = renewed;
        await app.events.notify('credits.renewed', { ...told, balance });
      }
    } catch (err) {
      app.log.warn({ err, userId: spend.userId }, 'credits auto-renew failed');
      await app.events.notify('credits.renew-failed', { ...told, balance: taken.after });
    }
  }
  if (spend.type === 'sms' && crossed(taken.before, taken.after, LOW_SMS_AT)) {
    // The bell first and on its own (notify never throws): the email failing never loses it.
    await app.events.notify('credits.low', { ...told, balance: taken.after });
    await sendLowCredit(app, deps, spend.userId, taken.after).catch((err: unknown) =>
      app.log.warn({ err, userId: spend.userId }, 'low-credit email failed'),
    );
  }
  return { spent: true, balance };
}

/** Auto-renew: buys the type's last bundle again, keyed by the spend that crossed, so it is billed once. */
async function topUp(app: FastifyInstance, userId: number, type: CreditType, spendId: number): Promise<number | null> {
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'region', 'billing_customer_id', 'settings'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const setting = creditSettingOf(user.settings, type);
  const bundle = setting.bundle_id ? bundleById(setting.bundle_id) : undefined;
  if (!setting.auto_renew || !bundle || bundle.type !== type) return null;
  return buyBundle(app, user, bundle, { idempotencyKey: `top-up:${userId}:${spendId}`, note: 'auto-renew' });
}

/** The low-credit email (spec §9): the balance left and where to buy more, in the owner's language. */
async function sendLowCredit(app: FastifyInstance, deps: SpendDeps, userId: number, balance: number): Promise<void> {
  const owner = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const t = deps.i18n.translator(owner.locale === 'uk' ? 'uk' : 'en');
  const values = {
    name: owner.first_name,
    count: balance,
    link: `${deps.appUrl}/account-setup/notifications/credits`,
  };
  await app.mailer.send({
    to: owner.email,
    userId: owner.id,
    subject: t('credits.lowMail.subject', values),
    text: t('credits.lowMail.text', values),
  });
}
