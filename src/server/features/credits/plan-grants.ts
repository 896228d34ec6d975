import { CREDIT_TYPES } from '../../../domain/credits';
import type { Plan } from '../../../domain/plans';
import type { Db } from '../../db/database';
import { appendCredits, planCreditsLeft } from './ledger';

/**
 * A paid billing period begins (the trial converting, or a renewal paid): what is left of the plan's credits — the
 * last period's grant, or the trial's — expires, and the plan grants its month's SMS credits (spec §9: Business
 * 100, Premium 200; bought credits are untouched). An upgrade within the period tops the grant up to the new plan's
 * at once. Each row is referenced by the period, so the same period seen again changes nothing. An annual plan's
 * grant is also made per period here, i.e. once a year: the provider's period is the only renewal we are told of.
 * The caller holds the owner's lock.
 */
export async function grantPlanCredits(trx: Db, userId: number, plan: Plan, periodStart: string): Promise<void> {
  const period = `period:${periodStart}`;
  for (const type of CREDIT_TYPES) {
    const left = await planCreditsLeft(trx, userId, type);
    const expired = await trx
      .selectFrom('credit_entries')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('kind', 'in', ['expiry', 'plan'])
      .where('reference', 'like', `${period}%`)
      .executeTakeFirst();
    if (!expired && left > 0)
      await appendCredits(trx, { userId, type, kind: 'expiry', bucket: 'plan', amount: -left, reference: period });
  }
  if (plan.smsCredits === 0) return;
  const granted = await trx
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('sum'))
    .where('user_id', '=', userId)
    .where('type', '=', 'sms')
    .where('kind', '=', 'plan')
    .where('reference', 'like', `${period}:%`)
    .executeTakeFirst();
  const more = plan.smsCredits - Number(granted?.sum ?? 0);
  if (more > 0)
    await appendCredits(trx, {
      userId,
      type: 'sms',
      kind: 'plan',
      bucket: 'plan',
      amount: more,
      reference: `${period}:${plan.level}`,
      note: plan.name,
    });
}
