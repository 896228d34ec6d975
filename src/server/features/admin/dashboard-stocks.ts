import { billingCurrency, planByName } from '../../../domain/plans';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';

/**
 * The admin dashboard's stocks (spec §6): accounts by their stage (kept by the hourly subscription check) and
 * subscribers — paying, or in their grace period — by plan and interval, with the monthly recurring revenue they
 * bring per currency. Owners only, deleted accounts aside. A stage is kept in columns overwritten as it changes, so
 * what it was on a past day is known only from the hourly record of that day (`stock_days`, the last one written
 * that day), kept from the day this record began: a day before it has no stocks (null).
 */
export interface Stocks {
  trial: number;
  subscriber: number;
  gracePeriod: number;
  unsubscriber: number;
  lapsed: number;
  plans: Array<{ plan: string; level: string; interval: string; count: number }>;
  mrr: Array<{ currency: string; amount: number; subscribers: number }>;
}

/** The stocks as the accounts stand now. */
export async function stocksNow(db: Db): Promise<Stocks> {
  const rows = await db
    .selectFrom('users')
    .where('is_admin', '=', 0)
    .where('is_affiliate', '=', 0)
    .where('deleted_at', 'is', null)
    .select(['stage', 'plan_name', 'region', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['stage', 'plan_name', 'region'])
    .execute();
  const stage = (s: string) => rows.filter((r) => r.stage === s).reduce((sum, r) => sum + Number(r.n), 0);
  const plans = new Map<string, Stocks['plans'][number]>();
  const mrr = new Map<string, Stocks['mrr'][number]>();
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

/** Records the stocks now as `now`'s UTC day's, over what an earlier hour of that day recorded. */
export async function recordStocks(db: Db, now = new Date()): Promise<void> {
  const row = {
    day: now.toISOString().slice(0, 10),
    stocks: JSON.stringify(await stocksNow(db)),
    recorded_at: nowIso(),
  };
  await db
    .insertInto('stock_days')
    .values(row)
    .onConflict((oc) => oc.column('day').doUpdateSet({ stocks: row.stocks, recorded_at: row.recorded_at }))
    .execute();
}

/** The stocks at the end of `day` (a UTC day): now's when the day is today or later, else that day's record. */
export async function stocksAt(db: Db, day: string, today: string): Promise<Stocks | null> {
  if (day >= today) return stocksNow(db);
  const row = await db.selectFrom('stock_days').select('stocks').where('day', '=', day).executeTakeFirst();
  return row ? (JSON.parse(row.stocks) as Stocks) : null;
}
