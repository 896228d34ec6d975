import type { AffiliateSettings } from '../../src/domain/affiliate-earnings';
import { nowIso } from '../../src/server/db/database';
import type { TestApp } from './app';

const DAY = 86_400_000;

/** An instant `days` ago (ISO). */
export const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

let paymentNo = 0;

/**
 * A payment an owner made (or a refund, negative), kept as the app keeps the provider's invoices: a plan's by default,
 * paid, in pounds.
 */
export async function planPayment(
  t: TestApp,
  userId: number,
  amount: number,
  paidAt: string,
  kind = 'plan',
  status = 'paid',
) {
  paymentNo += 1;
  await t.app.db
    .insertInto('subscription_payments')
    .values({
      user_id: userId,
      provider: 'stripe',
      order_id: `sub_${userId}`,
      payment_id: `in_${paymentNo}_${userId}`,
      status,
      kind,
      amount,
      currency: 'gbp',
      description: null,
      paid_at: paidAt,
      created_at: nowIso(),
    })
    .execute();
}

/** A referrer's programme settings as an admin keeps them (what they earn, what their friends get off). */
export async function referrerSettings(t: TestApp, userId: number, settings: Partial<AffiliateSettings>) {
  const row = { fixed_amount: 0, fixed_discount_amount: 0, percent_amount: 0, percent_discount_amount: 0, ...settings };
  await t.app.db
    .insertInto('affiliate_settings')
    .values({ user_id: userId, ...row, updated_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row, updated_at: nowIso() }))
    .execute();
}
