import type { Db } from '../db/database';
import { nowIso } from '../db/database';
import { randomCode } from '../infra/crypto';

const DAY = 86_400_000;

/**
 * The demo affiliate's programme: their referral code, 20 % of each plan payment, a 10 % discount for the owners they bring. The lite and
 * read-only owners signed up through their link; their monthly plan payments (the lite owner's still running, the
 * read-only owner's until the month that ended 30 days ago) are kept as the app keeps paid invoices, and an admin paid the
 * affiliate what was due 35 days ago — so the affiliate's page shows money owed, not yet due and paid.
 */
export async function seedAffiliateProgramme(db: Db, currency: string): Promise<void> {
  const byEmail = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
  const [affiliate, lite, readonly, admin] = await Promise.all([
    byEmail('affiliate@demo.test'),
    byEmail('lite@demo.test'),
    byEmail('readonly@demo.test'),
    byEmail('admin@demo.test'),
  ]);
  if (!affiliate || !lite || !readonly) return;
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  // The link the two owners came through.
  await db
    .updateTable('users')
    .set({ affiliate_code: randomCode(8) })
    .where('id', '=', affiliate)
    .execute();
  await db
    .insertInto('affiliate_settings')
    .values({ user_id: affiliate, percent_amount: 20, percent_discount_amount: 10, updated_at: nowIso() })
    .execute();
  // They signed up a fortnight before their first payment (the trial), through the affiliate's link.
  await db
    .updateTable('users')
    .set({ referred_by: affiliate, created_at: at(166) })
    .where('id', 'in', [lite, readonly])
    .execute();
  const payments = [
    ...[150, 120, 90, 60, 30, 0].map((d) => ({ user: lite, amount: 999, daysAgo: d + 2 })),
    ...[150, 120, 90, 60].map((d) => ({ user: readonly, amount: 2999, daysAgo: d })),
  ];
  await db
    .insertInto('subscription_payments')
    .values(
      payments.map((p, i) => ({
        user_id: p.user,
        provider: 'stripe',
        order_id: `sub_demo_${p.user}`,
        payment_id: `in_demo_${i + 1}`,
        status: 'paid',
        kind: 'plan',
        amount: p.amount,
        currency: currency.toLowerCase(),
        description: null,
        paid_at: at(p.daysAgo),
        created_at: nowIso(),
      })),
    )
    .execute();
  // Paid 35 days ago: what had fallen due by then (payments 95 days ago or more).
  const paid = payments
    .filter((p) => p.daysAgo - 35 >= 60)
    .reduce((sum, p) => sum + Math.round((p.amount * 20) / 100), 0);
  await db
    .insertInto('affiliate_payouts')
    .values({
      affiliate_id: affiliate,
      amount: paid,
      currency: currency.toLowerCase(),
      paid_by: admin ?? null,
      created_at: at(35),
    })
    .execute();
}

/**
 * The demo owner's refer a friend: their link (no friend has used it yet), a friend's 10 % off for the first year and
 * £5.00 for the owner on each plan payment a friend makes, kept as an affiliate's settings are.
 */
export async function seedOwnerReferral(db: Db, ownerId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ affiliate_code: randomCode(8) })
    .where('id', '=', ownerId)
    .execute();
  await db
    .insertInto('affiliate_settings')
    .values({ user_id: ownerId, fixed_amount: 500, percent_discount_amount: 10, updated_at: nowIso() })
    .execute();
}
