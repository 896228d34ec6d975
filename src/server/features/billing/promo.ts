import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/database';
import type { BillingCoupon } from '../../infra/billing/provider';
import { DomainError } from '../../infra/domain-error';
import { uniqueViolation } from '../../engine/unique-violation';
import type { BillingCurrency } from '../../../domain/plans';

const refuse = (reason: string) => new DomainError(422, `billing.promo.${reason}`, {}, 'promo_code');
const MONTH_MS = 30.44 * 86_400_000;

/** A promo code claimed for a subscription: the provider's coupon, and how to give the use back if it fails. */
export interface ClaimedPromo {
  coupon: BillingCoupon;
  /** Records the subscription it discounted and when the discount ends. */
  confirm(subscriptionId: string, now: Date): Promise<void>;
  /** Gives the use back: the subscription was not made. */
  release(): Promise<void>;
}

/**
 * Claims one use of a promo code for an owner's first subscription (spec §2 admin promo codes, §3): refused in
 * words when no such code exists (or it was deleted), it has expired, it is for another currency, the owner used it
 * before, or it has been used `max_uses` times — the count raised only while below, so concurrent claims never
 * exceed it; the redemption's unique index keeps an owner to one use under races too.
 */
export async function claimPromo(
  app: FastifyInstance,
  account: { user: { id: number }; currency: BillingCurrency },
  code: string,
  now = new Date(),
): Promise<ClaimedPromo> {
  const promo = await app.db
    .selectFrom('promo_codes')
    .selectAll()
    .where(sql<string>`upper(code)`, '=', code.trim().toUpperCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!promo) throw refuse('unknown');
  if (promo.expires_on && promo.expires_on < now.toISOString().slice(0, 10)) throw refuse('expired');
  if (promo.kind === 'fixed' && promo.currency !== account.currency) throw refuse('currency');
  const userId = account.user.id;
  const redemptionId = await app.db.transaction().execute(async (trx) => {
    const used = await trx
      .selectFrom('promo_redemptions')
      .select('id')
      .where('promo_code_id', '=', promo.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (used) throw refuse('alreadyUsed');
    const raised = await trx
      .updateTable('promo_codes')
      .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
      .where('id', '=', promo.id)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('times_used', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    if (Number(raised.numUpdatedRows) === 0) throw refuse('usedUp');
    try {
      const row = await trx
        .insertInto('promo_redemptions')
        .values({
          promo_code_id: promo.id,
          user_id: userId,
          subscription_id: null,
          ends_at: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (err) {
      if (uniqueViolation(err)) throw refuse('alreadyUsed');
      throw err;
    }
  });
  return {
    coupon: {
      id: `soloist_promo_${promo.id}`,
      name: promo.code,
      months: promo.duration_months,
      ...(promo.kind === 'fixed'
        ? { amountOff: { amount: promo.value, currency: account.currency } }
        : { percentOff: promo.value }),
    },
    async confirm(subscriptionId, at) {
      const ends = new Date(at.getTime() + promo.duration_months * MONTH_MS).toISOString();
      await app.db
        .updateTable('promo_redemptions')
        .set({ subscription_id: subscriptionId, ends_at: ends })
        .where('id', '=', redemptionId)
        .execute();
    },
    async release() {
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('promo_redemptions').where('id', '=', redemptionId).execute();
        await trx
          .updateTable('promo_codes')
          .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
          .where('id', '=', promo.id)
          .execute();
      });
    },
  };
}

/** Gives back a promo code's use by a subscription that was never made (a LiqPay checkout left unpaid). */
export async function releasePromoOf(app: FastifyInstance, userId: number, subscriptionId: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('promo_redemptions')
      .where('user_id', '=', userId)
      .where('subscription_id', '=', subscriptionId)
      .returning('promo_code_id')
      .executeTakeFirst();
    if (row)
      await trx
        .updateTable('promo_codes')
        .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
        .where('id', '=', row.promo_code_id)
        .execute();
  });
}

/** What a plan's price comes to with a promo's discount (never below nothing). */
export function discounted(price: number, promo: { percentOff?: number; amountOff?: { amount: number } }): number {
  if (promo.percentOff !== undefined) return Math.max(0, Math.round((price * (100 - promo.percentOff)) / 100));
  return Math.max(0, price - (promo.amountOff?.amount ?? 0));
}

/** The promo code discounting the owner's plan now, if any: its code, what it takes off, and until when. */
export async function activePromo(app: FastifyInstance, userId: number, now = new Date()) {
  const row = await app.db
    .selectFrom('promo_redemptions as r')
    .innerJoin('promo_codes as p', 'p.id', 'r.promo_code_id')
    .select(['p.code', 'p.kind', 'p.value', 'p.currency', 'r.ends_at'])
    .where('r.user_id', '=', userId)
    .where('r.ends_at', '>', now.toISOString())
    .orderBy('r.id', 'desc')
    .executeTakeFirst();
  return row
    ? { code: row.code, kind: row.kind, value: row.value, currency: row.currency, ends_at: row.ends_at! }
    : null;
}
