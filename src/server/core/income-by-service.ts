import { sql } from 'kysely';
import type { Db } from '../db/database';
import { conditionOf, type Filter } from '../engine/rules-to-sql';

/** A period's net income from appointments of one service; `service_id` null: appointments without a service. */
export interface ServiceIncome {
  service_id: number | null;
  title: string | null;
  amount: number;
}

/**
 * The caller's income for a period of days per service (spec §6, income details): the ledger's rows that pay an
 * appointment — whatever the checkout's type and method, a refund on its own day and negative — summed by the
 * appointment's service, largest first, from the day sums the database keeps (`service_income`, migration 0032).
 * Sales, standalone payments and class sessions are not appointments' money and stay out (the totals and the income
 * per method count them). `allowed` is the caller's Income filter for `service_income`.
 */
export async function incomeByService(db: Db, allowed: Filter, from: string, to: string): Promise<ServiceIncome[]> {
  // Written as SQL: built with the query builder, this statement took longer to build than to answer.
  const { rows } = await sql<{ service_id: number; amount: number | null; title: string | null }>`
    select sums.service_id, sums.amount, services.title from (
      select service_id, sum(amount) as amount from service_income
      where ${conditionOf(allowed)} and date >= ${from} and date <= ${to}
      group by service_id having sum(amount) <> 0
    ) as sums left join services on services.id = sums.service_id`.execute(db);
  return rows
    .map((r) => ({
      service_id: Number(r.service_id) === 0 ? null : Number(r.service_id),
      title: r.title ?? null,
      amount: Number(r.amount ?? 0),
    }))
    .sort((a, b) => b.amount - a.amount || (a.title ?? '').localeCompare(b.title ?? ''));
}
