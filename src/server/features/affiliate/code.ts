import type { Db } from '../../db/database';
import { randomCode } from '../../infra/crypto';

/** The sign-up page with a referral code: the link an affiliate or an owner shares (null without a code). */
export const referralLink = (appUrl: string, code: string | null): string | null =>
  code ? `${appUrl}/register?ref=${code}` : null;

/**
 * The referrer's code (an affiliate's, or an owner's for refer a friend), made now if they have none. A code is made
 * once and kept; a clash with another code (unique index) simply draws again, up to five times (then null).
 */
export async function affiliateCodeOf(db: Db, userId: number, current: string | null): Promise<string | null> {
  let code = current;
  for (let attempt = 0; !code && attempt < 5; attempt++) {
    const candidate = randomCode(8);
    const res = await db
      .updateTable('users')
      .set({ affiliate_code: candidate })
      .where('id', '=', userId)
      .where('affiliate_code', 'is', null)
      .executeTakeFirst()
      .catch(() => null);
    if (res && Number(res.numUpdatedRows) === 1) code = candidate;
    // Another request of this affiliate made the code meanwhile: that one is theirs.
    else
      code =
        (await db.selectFrom('users').select('affiliate_code').where('id', '=', userId).executeTakeFirst())
          ?.affiliate_code ?? null;
  }
  return code;
}

/** The stages of the users an affiliate referred, one a user. */
export async function referredStages(db: Db, affiliateId: number): Promise<string[]> {
  const rows = await db.selectFrom('users').select(['stage']).where('referred_by', '=', affiliateId).execute();
  return rows.map((r) => r.stage);
}

const PER_PAGE = 25;

/** A page of rows (1-based) and how many there are in all, as the lists' `meta` says it. */
const metaOf = (page: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
  per_page: PER_PAGE,
  total,
});

/**
 * The owners an affiliate referred, newest first, a page at a time: when each signed up, first paid for a plan,
 * ended, and their stage — no names or addresses.
 */
export async function referredOwners(db: Db, affiliateId: number, page: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('users as u')
      .leftJoin('subscription_payments as p', (join) =>
        join.onRef('p.user_id', '=', 'u.id').on('p.status', '=', 'paid').on('p.kind', '=', 'plan'),
      )
      .select((eb) => [
        'u.id',
        'u.created_at',
        'u.stage',
        'u.subscription_ended_at',
        eb.fn.min('p.paid_at').as('subscribed_at'),
      ])
      .where('u.referred_by', '=', affiliateId)
      .groupBy(['u.id', 'u.created_at', 'u.stage', 'u.subscription_ended_at'])
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('referred_by', '=', affiliateId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      signed_up_at: r.created_at,
      subscribed_at: (r.subscribed_at as string | null) ?? null,
      unsubscribed_at: r.subscription_ended_at,
      status: r.stage,
    })),
    meta: metaOf(page, Number(count.n)),
  };
}

/** What admins paid the affiliate, newest first, a page at a time. */
export async function payoutsTo(db: Db, affiliateId: number, page: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('affiliate_payouts')
      .select(['id', 'amount', 'currency', 'created_at'])
      .where('affiliate_id', '=', affiliateId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
      .execute(),
    db
      .selectFrom('affiliate_payouts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('affiliate_id', '=', affiliateId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => ({ id: r.id, paid_at: r.created_at, amount: Number(r.amount), currency: r.currency })),
    meta: metaOf(page, Number(count.n)),
  };
}

/**
 * Who a referral code names: an affiliate or an owner (spec §2 refer a friend, §3), not deleted, with their first
 * name — or null. An admin has no referral link.
 */
export async function referrerByCode(db: Db, code: string) {
  return (
    (await db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where('affiliate_code', '=', code.toUpperCase())
      .where('is_admin', '=', 0)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}
