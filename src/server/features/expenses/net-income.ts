import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { addDays } from '../../../domain/dates';
import { netIncomeRows, periodOf, type NetIncomePeriod } from '../../../domain/net-income';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { splitPeriod } from '../../core/income-statistic';

/** The caller's read filters over the sums net income reads: the ledger's and the expenses', by day and by month. */
export interface NetIncomeFilters {
  incomeDays: Filter;
  incomeMonths: Filter;
  expenses: Filter;
  expenseMonths: Filter;
}

/** The caller's filters for net income: what they may read of Income and of Expense (a 403 when nothing). */
export const netIncomeFilters = (req: FastifyRequest): NetIncomeFilters => ({
  incomeDays: req.filterFor('read', 'Income', 'payment_days'),
  incomeMonths: req.filterFor('read', 'Income', 'payment_months'),
  expenses: req.filterFor('read', 'Expense', 'expenses'),
  expenseMonths: req.filterFor('read', 'Expense', 'expense_months'),
});

/**
 * The period `from`…`to` as the months wholly inside one of its periods and the day ranges left (a period starting
 * or ending mid-month: a tax year's 6 April, its quarters' 6 July…). A whole month is summed once for its period.
 */
function monthsAndDays(from: string, to: string, kind: NetIncomePeriod, taxStart: string) {
  const months: string[] = [];
  const days: Array<[string, string]> = [];
  for (let p = periodOf(from, kind, taxStart); p.from <= to; p = periodOf(addDays(p.to, 1), kind, taxStart)) {
    const split = splitPeriod(p.from < from ? from : p.from, p.to > to ? to : p.to);
    days.push(...split.days);
    if (split.months) for (let m = split.months[0]; m <= split.months[1]; m = nextMonth(m)) months.push(m);
  }
  return { months, days };
}

/** The month after `YYYY-MM`. */
const nextMonth = (month: string): string =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 7);

/**
 * One query per day range, answers together: SQLite reads an index by range only for a single range (an OR of
 * ranges made it read all of an owner's expenses).
 */
async function perRange<T>(ranges: Array<[string, string]>, read: (from: string, to: string) => Promise<T[]>) {
  return (await Promise.all(ranges.map(([a, b]) => read(a, b)))).flat();
}

/**
 * Net income for a period (spec §7 `GET /payments/net-income`): income from the ledger less expenses and mileage,
 * summed into months, quarters or tax years (counted from `taxStart`, MM-DD). It reads the sums the database keeps
 * as rows are written — the ledger's and the expenses' per month for the months wholly inside a period, per day only
 * where a period starts or ends mid-month — so a tax year reads a few dozen rows whatever the number of payments.
 * `until` (the owner's today) ends what is counted: a rent dated next month, saved already, is not yet a cost, and
 * the periods after it are listed empty.
 */
export async function netIncome(
  db: Db,
  filters: NetIncomeFilters,
  q: { from: string; to: string; period: NetIncomePeriod; until?: string },
  taxStart = '04-06',
) {
  const { until, ...asked } = q;
  const end = until !== undefined && until < q.to ? until : q.to;
  const { months, days } = end < q.from ? { months: [], days: [] } : monthsAndDays(q.from, end, q.period, taxStart);
  const [incomeMonths, incomeDays, spentMonths, spentDays] = await Promise.all([
    months.length
      ? db
          .selectFrom('payment_months')
          .select(['month', (eb) => eb.fn.sum<number>('income').as('income')])
          .where((eb) => eb.and([filters.incomeMonths(eb), eb('payment_months.month', 'in', months)]))
          .groupBy('month')
          .execute()
      : [],
    perRange(days, (a, b) =>
      db
        .selectFrom('payment_days')
        .select(['date', (eb) => eb.fn.sum<number>('income').as('income')])
        .where((eb) =>
          eb.and([filters.incomeDays(eb), eb('payment_days.date', '>=', a), eb('payment_days.date', '<=', b)]),
        )
        .groupBy('date')
        .execute(),
    ),
    months.length
      ? db
          .selectFrom('expense_months')
          .select(['month', 'expenses', 'mileage'])
          .where((eb) => eb.and([filters.expenseMonths(eb), eb('expense_months.month', 'in', months)]))
          .execute()
      : [],
    perRange(days, (a, b) =>
      db
        .selectFrom('expenses')
        .select([
          'date',
          sql<number>`sum(case when type = 'mileage' then 0 else amount end)`.as('expenses'),
          sql<number>`sum(case when type = 'mileage' then amount else 0 end)`.as('mileage'),
        ])
        .where((eb) => eb.and([filters.expenses(eb), eb('expenses.date', '>=', a), eb('expenses.date', '<=', b)]))
        .groupBy('date')
        .execute(),
    ),
  ]);
  // A whole month's sums count on its first day: the whole month lies in one period.
  const rows = netIncomeRows(
    [
      ...incomeMonths.map((m) => ({ date: `${m.month}-01`, income: Number(m.income ?? 0) })),
      ...incomeDays.map((d) => ({ date: d.date, income: Number(d.income ?? 0) })),
      ...spentMonths.map((m) => ({ date: `${m.month}-01`, expenses: Number(m.expenses), mileage: Number(m.mileage) })),
      ...spentDays.map((d) => ({ date: d.date, expenses: Number(d.expenses ?? 0), mileage: Number(d.mileage ?? 0) })),
    ],
    q.period,
    q.from,
    q.to,
    taxStart,
  );
  const total = { income: 0, expenses: 0, mileage: 0, net: 0 };
  for (const r of rows) for (const k of ['income', 'expenses', 'mileage', 'net'] as const) total[k] += r[k];
  return { ...asked, rows, total };
}
