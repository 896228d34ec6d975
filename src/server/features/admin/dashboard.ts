import { billingCurrency, planByName } from '../../../domain/plans';
import { addDays } from '../../../domain/dates';
import type { Db } from '../../db/database';
import { affiliatesOwed, signupsByDay } from './dashboard-trend';

/**
 * The admin dashboard's figures (spec §6 "dashboard statistics"), over a chosen period of UTC days against the same
 * number of days just before it. Flows — sign-ups, trials started, affiliates' sign-ups, paid subscriptions ended
 * (churn), credits sold and spent — are counted in each period; stocks — subscribers by plan and interval, grace
 * period, unsubscribed, lapsed, trials and monthly recurring revenue — are as the accounts stand now (their stage,
 * kept by the hourly check). Owners only: admins and affiliates are not counted. Besides: sign-ups on each day of the
 * period, and what affiliates are owed now per currency (dashboard-trend.ts). Stocks have no figure for the period
 * before: an account's stage is worked out from columns that are overwritten as it changes (no history of stages,
 * only the last end of a subscription), so what it was on a past day cannot be known from what is stored.
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

/** Accounts by their stage now, and subscribers (paying, or in their grace period) by plan and interval. */
async function stocks(db: Db) {
  const rows = await owners(db)
    .where('deleted_at', 'is', null)
    .select(['stage', 'plan_name', 'region', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['stage', 'plan_name', 'region'])
    .execute();
  const stage = (s: string) => rows.filter((r) => r.stage === s).reduce((sum, r) => sum + Number(r.n), 0);
  const plans = new Map<string, { plan: string; level: string; interval: string; count: number }>();
  const mrr = new Map<string, { currency: string; amount: number; subscribers: number }>();
  for (const r of rows.filter((x) => x.stage === 'subscriber' || x.stage === 'gracePeriod')) {
    const plan = planByName(r.plan_name);
    const name = plan?.name ?? r.plan_name ?? '—';
    const entry = plans.get(name) ?? { plan: name, level: plan?.level ?? '', interval: plan?.interval ?? '', count: 0 };
    entry.count += Number(r.n);
    plans.set(name, entry);
    if (!plan) continue;
    const cur = billingCurrency(r.region);
    const monthly = plan.interval === 'annual' ? plan.prices[cur] / 12 : plan.prices[cur];
    const m = mrr.get(cur) ?? { currency: cur.toUpperCase(), amount: 0, subscribers: 0 };
    m.amount += Math.round(monthly) * Number(r.n);
    m.subscribers += Number(r.n);
    mrr.set(cur, m);
  }
  return {
    trial: stage('trial'),
    subscriber: stage('subscriber'),
    gracePeriod: stage('gracePeriod'),
    unsubscriber: stage('unsubscriber'),
    lapsed: stage('lapsed'),
    plans: [...plans.values()].sort((a, b) => a.plan.localeCompare(b.plan)),
    mrr: [...mrr.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

const pair = async (f: (p: Period) => Promise<number>, p: Period, before: Period) => {
  const [total, previous] = await Promise.all([f(p), f(before)]);
  return { total, previous };
};

/** Every figure of the admin dashboard for the period and the one before it. */
export async function adminDashboard(db: Db, period: Period) {
  const before = periodBefore(period);
  const [signed, byDay, referred, owed, trialsNew, churned, smsNow, smsBefore, emailNow, emailBefore, now] =
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
      stocks(db),
    ]);
  const subscribers = now.subscriber + now.gracePeriod;
  // Churn: paid subscriptions that ended in the period, over those that were paying (still paying, or ended in it).
  const rate = (n: number) => (subscribers + n === 0 ? 0 : Math.round((n / (subscribers + n)) * 1000) / 10);
  return {
    period: { ...period, previous_from: before.from, previous_to: before.to },
    signups: signed,
    signups_by_day: byDay,
    affiliate_signups: referred,
    affiliates_owed: owed,
    trials: { ...trialsNew, now: now.trial },
    subscribers: { total: subscribers, plans: now.plans },
    grace_period: now.gracePeriod,
    unsubscribed: now.unsubscriber,
    lapsed: now.lapsed,
    mrr: now.mrr,
    churn: { ...churned, rate: rate(churned.total), previous_rate: rate(churned.previous) },
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
