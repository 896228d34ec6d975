import { addDays } from '../../domain/dates';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { conditionOf, type Filter } from '../engine/rules-to-sql';

/** A period's income per method: net income, paid in, refunded, and the number of payments (not refunds). */
export interface MethodIncome {
  method: string;
  income: number;
  paid: number;
  refunded: number;
  count: number;
}

const shiftMonth = (month: string, by: number): string => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};

/**
 * A period of days as its whole months and the days left at either end: 2026-01-15 … 2026-12-31 → the months
 * 2026-02 … 2026-12 and the days 2026-01-15 … 2026-01-31. A period inside one month is days only.
 */
export function splitPeriod(
  from: string,
  to: string,
): { months: [string, string] | null; days: Array<[string, string]> } {
  const first = from.endsWith('-01') ? from.slice(0, 7) : shiftMonth(from.slice(0, 7), 1);
  const last = addDays(to, 1).endsWith('-01') ? to.slice(0, 7) : shiftMonth(to.slice(0, 7), -1);
  if (first > last) return { months: null, days: [[from, to]] };
  const days: Array<[string, string]> = [];
  if (from < `${first}-01`) days.push([from, addDays(`${first}-01`, -1)]);
  const after = `${shiftMonth(last, 1)}-01`;
  if (to >= after) days.push([after, to]);
  return { months: [first, last], days };
}

/**
 * The caller's income for a period of days, per method, from the sums of the ledger that the database keeps as
 * rows are written (migrations 0013, 0014): the whole months from `payment_months`, the days at either end from
 * `payment_days` — a year reads a few dozen rows, not every payment. `allowed(table)` is the caller's Income filter
 * for that table.
 */
export async function incomeByMethod(
  db: Db,
  allowed: (table: 'payment_days' | 'payment_months') => Filter,
  from: string,
  to: string,
): Promise<MethodIncome[]> {
  const { months, days } = splitPeriod(from, to);
  const sums = ['income', 'paid', 'refunded', 'count'] as const;
  // Written as SQL: read on every dashboard and analytics request, where building the statement cost more than it.
  const columns = sql`method, ${sql.join(sums.map((k) => sql`sum(${sql.ref(k)}) as ${sql.ref(k)}`))}`;
  type Sums = { method: string } & Record<(typeof sums)[number], number | null>;
  const monthly = months
    ? (
        await sql<Sums>`select ${columns} from payment_months where ${conditionOf(allowed('payment_months'))}
          and month >= ${months[0]} and month <= ${months[1]} group by method`.execute(db)
      ).rows
    : [];
  const runs = () =>
    sql.join(
      days.map(([a, b]) => sql`(date >= ${a} and date <= ${b})`),
      sql` or `,
    );
  const daily = days.length
    ? (
        await sql<Sums>`select ${columns} from payment_days where ${conditionOf(allowed('payment_days'))}
          and (${runs()}) group by method`.execute(db)
      ).rows
    : [];
  const out = new Map<string, MethodIncome>();
  for (const g of [...monthly, ...daily]) {
    const m = out.get(g.method) ?? { method: g.method, income: 0, paid: 0, refunded: 0, count: 0 };
    for (const k of sums) m[k] += Number(g[k] ?? 0);
    out.set(g.method, m);
  }
  return [...out.values()].sort((a, b) => (a.method < b.method ? -1 : 1));
}
