import { sql } from 'kysely';
import { netIncomeRows, type NetIncomePeriod } from '../../../domain/net-income';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/**
 * Net income for a period (spec §7 `GET /payments/net-income`): the ledger's income per day (from the day sums the
 * database keeps as payments are written) less expenses and mileage per day, summed into months, quarters or tax
 * years. Two grouped queries, whatever the number of rows.
 */
export async function netIncome(
  db: Db,
  filters: { income: Filter; expenses: Filter },
  q: { from: string; to: string; period: NetIncomePeriod },
  /** MM-DD: the owner's tax year start, which quarters and tax years are counted from. */
  taxStart = '04-06',
) {
  const income = await db
    .selectFrom('payment_days')
    .select(['date', (eb) => eb.fn.sum<number>('income').as('income')])
    .where((eb) =>
      eb.and([filters.income(eb as never), eb('payment_days.date', '>=', q.from), eb('payment_days.date', '<=', q.to)]),
    )
    .groupBy('date')
    .execute();
  const spent = await db
    .selectFrom('expenses')
    .select([
      'date',
      sql<number>`sum(case when type = 'mileage' then 0 else amount end)`.as('expenses'),
      sql<number>`sum(case when type = 'mileage' then amount else 0 end)`.as('mileage'),
    ])
    .where((eb) =>
      eb.and([filters.expenses(eb as never), eb('expenses.date', '>=', q.from), eb('expenses.date', '<=', q.to)]),
    )
    .groupBy('date')
    .execute();
  const rows = netIncomeRows(
    [
      ...income.map((d) => ({ date: d.date, income: Number(d.income ?? 0) })),
      ...spent.map((d) => ({ date: d.date, expenses: Number(d.expenses ?? 0), mileage: Number(d.mileage ?? 0) })),
    ],
    q.period,
    q.from,
    q.to,
    taxStart,
  );
  const total = { income: 0, expenses: 0, mileage: 0, net: 0 };
  for (const r of rows) for (const k of ['income', 'expenses', 'mileage', 'net'] as const) total[k] += r[k];
  return { ...q, rows, total };
}
