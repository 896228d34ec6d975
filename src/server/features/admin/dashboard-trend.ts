import { sql } from 'kysely';
import { addDays } from '../../../domain/dates';
import type { BillingCurrency } from '../../../domain/plans';
import { affiliateEarnings } from '../../core/affiliate-earnings';
import type { Db } from '../../db/database';

/**
 * The admin dashboard's figures beyond its counts (spec §6): the trend of sign-ups over the period, and what the
 * affiliates are owed now, per currency, as the affiliate programme's earnings compute it.
 */

const CURRENCIES: readonly BillingCurrency[] = ['gbp', 'uah'];

/**
 * Owners who signed up on each UTC day of the period, every day listed (0 on a day without any), so the days add up
 * to the period's sign-ups. Counted as the sign-ups figure is: owners only (not admins or affiliates), deleted ones
 * included.
 */
export async function signupsByDay(
  db: Db,
  p: { from: string; to: string },
): Promise<Array<{ date: string; signups: number }>> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('users')
    .select([day.as('day'), (eb) => eb.fn.countAll().as('n')])
    .where('is_admin', '=', 0)
    .where('is_affiliate', '=', 0)
    .where('created_at', '>=', `${p.from}T00:00:00.000Z`)
    .where('created_at', '<', `${addDays(p.to, 1)}T00:00:00.000Z`)
    .groupBy(day)
    .execute();
  const counts = new Map(rows.map((r) => [r.day, Number(r.n)]));
  const days: Array<{ date: string; signups: number }> = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) days.push({ date: d, signups: counts.get(d) ?? 0 });
  return days;
}

/**
 * What the affiliates (flagged so, not deleted: those an admin can pay) are owed now, in each billing currency: the
 * sum of each one's `owed` from the programme's earnings (commission on their referred owners' plan payments in that
 * currency, due by the payout rule, less what was paid out in it), in minor units, and how many are owed something.
 */
export async function affiliatesOwed(db: Db, now = new Date()) {
  const affiliates = await db
    .selectFrom('users')
    .select('id')
    .where('is_affiliate', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  const owedIn = async (currency: BillingCurrency) => {
    let amount = 0;
    let owed = 0;
    for (const { id } of affiliates) {
      const earnings = await affiliateEarnings(db, id, currency, now);
      amount += earnings.owed;
      if (earnings.owed > 0) owed += 1;
    }
    return { currency: currency.toUpperCase(), amount, affiliates: owed };
  };
  return Promise.all(CURRENCIES.map(owedIn));
}
