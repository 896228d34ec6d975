import { addDays } from '../../../domain/dates';
import type { Db } from '../../db/database';
import { stocksAt, type Stocks } from './dashboard-stocks';
import { affiliatesOwed, signupsByDay } from './dashboard-trend';

/**
 * The admin dashboard's figures (spec §6 "dashboard statistics"), over a chosen period of UTC days against the same
 * number of days just before it. Flows — sign-ups, trials started, affiliates' sign-ups, paid subscriptions ended
 * (churn), credits sold and spent — are counted in each period; stocks — subscribers by plan and interval, grace
 * period, unsubscribed, lapsed, trials and monthly recurring revenue — are as they stood at the end of each period
 * (now, for a period that reaches today; dashboard-stocks.ts), null for a day before their record began. Owners only:
 * admins and affiliates are not counted. Besides: sign-ups on each day of the period, and what affiliates are owed now
 * per currency (dashboard-trend.ts).
 */

export interface Period {
  from: string;
  to: string;
}

/** The period of the same length ending the day before `from`. */
export function periodBefore({ from, to }: Period): Period {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** [start, end) instants of a period's days. */
const bounds = (p: Period) => [`${p.from}T00:00:00.000Z`, `${addDays(p.to, 1)}T00:00:00.000Z`] as const;

const owners = (db: Db) => db.selectFrom('users').where('is_admin', '=', 0).where('is_affiliate', '=', 0);

async function count(query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }): Promise<number> {
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Owners who signed up in the period (`referred`: those an affiliate brought). */
const signups = (db: Db, p: Period, referred = false) => {
  const [start, end] = bounds(p);
  let q = owners(db).where('created_at', '>=', start).where('created_at', '<', end);
  if (referred) q = q.where('referred_by', 'is not', null);
  return count(q.select((eb) => eb.fn.countAll().as('n')));
};

/** Trials started in the period: owners who signed up in it with a trial. */
const trialsStarted = (db: Db, p: Period) => {
  const [start, end] = bounds(p);
  return count(
    owners(db)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .where('trial_ends_at', 'is not', null)
      .select((eb) => eb.fn.countAll().as('n')),
  );
};

/** Paid subscriptions that ended in the period. */
const ended = (db: Db, p: Period) => {
  const [start, end] = bounds(p);
  return count(
    owners(db)
      .where('subscription_ended_at', '>=', start)
      .where('subscription_ended_at', '<', end)
      .where('plan_name', 'is not', null)
      .select((eb) => eb.fn.countAll().as('n')),
  );
};

/** Credits of a type bought (bundles and automatic top-ups) and spent (net of credits given back) in the period. */
async function credits(db: Db, type: 'sms' | 'email', p: Period) {
  const [start, end] = bounds(p);
  const rows = await db
    .selectFrom('credit_entries')
    .select(['kind', (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('type', '=', type)
    .where('kind', 'in', ['bundle', 'top_up', 'spend', 'refund'])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy('kind')
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.amount ?? 0);
  return { sold: of('bundle') + of('top_up'), spent: -(of('spend') + of('refund')) };
}

const pair = async (f: (p: Period) => Promise<number>, p: Period, before: Period) => {
  const [total, previous] = await Promise.all([f(p), f(before)]);
  return { total, previous };
};

/** The stocks a dashboard shows, of a period's end; all null when that day has no record. */
function stockFigures(stocks: Stocks | null) {
  return {
    trials: stocks?.trial ?? null,
    subscribers: stocks ? stocks.subscriber + stocks.gracePeriod : null,
    grace_period: stocks?.gracePeriod ?? null,
    unsubscribed: stocks?.unsubscriber ?? null,
    lapsed: stocks?.lapsed ?? null,
  };
}

/**
 * Churn: paid subscriptions that ended in a period over those that were paying in it (paying at its end, or ended in
 * it), in percent to one decimal; null without the period's stocks.
 */
const churnRate = (endedIn: number, paying: number | null) =>
  paying === null ? null : paying + endedIn === 0 ? 0 : Math.round((endedIn / (paying + endedIn)) * 1000) / 10;

/** Every figure of the admin dashboard for the period and the one before it; `today` is the UTC day now. */
export async function adminDashboard(db: Db, period: Period, today: string) {
  const before = periodBefore(period);
  const [signed, byDay, referred, owed, trialsNew, churned, smsNow, smsBefore, emailNow, emailBefore, end, endBefore] =
    await Promise.all([
      pair((p) => signups(db, p), period, before),
      signupsByDay(db, period),
      pair((p) => signups(db, p, true), period, before),
      affiliatesOwed(db),
      pair((p) => trialsStarted(db, p), period, before),
      pair((p) => ended(db, p), period, before),
      credits(db, 'sms', period),
      credits(db, 'sms', before),
      credits(db, 'email', period),
      credits(db, 'email', before),
      stocksAt(db, period.to, today),
      stocksAt(db, before.to, today),
    ]);
  const now = stockFigures(end);
  const previous = stockFigures(endBefore);
  return {
    period: { ...period, previous_from: before.from, previous_to: before.to },
    signups: signed,
    signups_by_day: byDay,
    affiliate_signups: referred,
    affiliates_owed: owed,
    trials: { ...trialsNew, now: now.trials },
    subscribers: { total: now.subscribers, plans: end?.plans ?? [] },
    grace_period: now.grace_period,
    unsubscribed: now.unsubscribed,
    lapsed: now.lapsed,
    mrr: end?.mrr ?? [],
    // The same stocks at the end of the period before; null where that day has no record.
    stocks_before: { ...previous, mrr: endBefore?.mrr ?? null },
    churn: {
      ...churned,
      rate: churnRate(churned.total, now.subscribers),
      previous_rate: churnRate(churned.previous, previous.subscribers),
    },
    credits: {
      sms: { sold: smsNow.sold, previous_sold: smsBefore.sold, spent: smsNow.spent, previous_spent: smsBefore.spent },
      email: {
        sold: emailNow.sold,
        previous_sold: emailBefore.sold,
        spent: emailNow.spent,
        previous_spent: emailBefore.spent,
      },
    },
  };
}
