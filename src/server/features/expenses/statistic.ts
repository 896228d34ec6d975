import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/** A period's expenses (spec §7 `GET /expenses/statistic`): the total, how many, and the sums per category. */
export async function expenseStatistic(db: Db, expenses: Filter, from: string, to: string) {
  const rows = await db
    .selectFrom('expenses')
    .select([
      'category',
      (eb) => eb.fn.sum<number>('amount').as('amount'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where((eb) => eb.and([expenses(eb), eb('expenses.date', '>=', from), eb('expenses.date', '<=', to)]))
    .groupBy('category')
    .execute();
  const by_category = rows
    .map((r) => ({ category: r.category, amount: Number(r.amount), count: Number(r.count) }))
    .sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category));
  return {
    from,
    to,
    total: by_category.reduce((s, c) => s + c.amount, 0),
    count: by_category.reduce((s, c) => s + c.count, 0),
    by_category,
  };
}
