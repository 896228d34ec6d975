import { bundlesOf, CREDIT_TYPES, LOW_SMS_AT, TOP_UP_AT, type CreditType } from '../../../domain/credits';
import { billingCurrency } from '../../../domain/plans';
import type { Db } from '../../db/database';
import { BOOLEAN, INTEGER, NULLABLE_STRING, object, STRING } from '../../engine/responses';
import { planCreditsLeft } from './ledger';
import { creditSettingOf } from './settings';

const TYPE_VIEW = object(
  { balance: INTEGER, plan: INTEGER, bought: INTEGER, auto_renew: BOOLEAN, bundle_id: NULLABLE_STRING },
  { required: ['balance', 'plan', 'bought', 'auto_renew', 'bundle_id'] },
);

/** An owner's credits: per type the balance, the part of it that is the plan's (expiring at renewal) and the rest. */
export const CREDITS = object(
  {
    data: object(
      {
        sms: TYPE_VIEW,
        email: TYPE_VIEW,
        top_up_at: INTEGER,
        low_at: INTEGER,
        pay_with: { type: 'string', enum: ['card', 'liqpay'] },
      },
      { required: ['sms', 'email', 'top_up_at', 'low_at', 'pay_with'] },
    ),
    message: STRING,
  },
  { required: ['data'] },
);

export const BUNDLES_LIST = object(
  {
    data: {
      type: 'array',
      items: object(
        { id: STRING, type: STRING, credits: INTEGER, price: INTEGER, currency: STRING },
        { required: ['id', 'type', 'credits', 'price', 'currency'] },
      ),
    },
  },
  { required: ['data'] },
);

/**
 * An owner's credits view; `payWith` says how bundles are paid: with the card on file, or on LiqPay's page (the UA
 * deployment), where there is no card on file and so no auto-renew.
 */
export async function creditsView(db: Db, userId: number, payWith: 'card' | 'liqpay') {
  const user = await db
    .selectFrom('users')
    .select(['sms_credits', 'email_credits', 'settings'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const one = async (type: CreditType) => {
    const balance = Number(type === 'sms' ? user.sms_credits : user.email_credits);
    const plan = Math.min(balance, await planCreditsLeft(db, userId, type));
    return { balance, plan, bought: balance - plan, ...creditSettingOf(user.settings, type) };
  };
  const [sms, email] = await Promise.all(CREDIT_TYPES.map(one));
  return { sms, email, top_up_at: TOP_UP_AT, low_at: LOW_SMS_AT, pay_with: payWith };
}

/** A type's bundles priced in the owner's billing currency. */
export const bundlesView = (type: CreditType, region: string) => {
  const currency = billingCurrency(region);
  return bundlesOf(type).map((b) => ({ id: b.id, type, credits: b.credits, price: b.prices[currency], currency }));
};
