import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { selectSales } from './reads';

/**
 * What the sales left to pay owe in all, and how many they are (part paid or unpaid, not refunded), dated in the
 * period (up to `to`); `filter` is the caller's rules on `sales`. One query, whatever the count.
 */
export async function owingSalesTotal(
  db: Db,
  dialect: Dialect,
  filter: Filter,
  q: { from?: string; to: string; client_id?: number },
): Promise<{ amount: number; count: number }> {
  const { base, leftToPay } = selectSales(db, dialect, filter, { ...q, owing: true });
  const row = await base
    .select((eb) => [sql<number>`coalesce(sum(${leftToPay}), 0)`.as('amount'), eb.fn.countAll<number>().as('count')])
    .executeTakeFirstOrThrow();
  return { amount: Number(row.amount), count: Number(row.count) };
}
