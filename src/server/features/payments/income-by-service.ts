import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/** A period's net income from appointments of one service; `service_id` null: appointments without a service. */
export interface ServiceIncome {
  service_id: number | null;
  title: string | null;
  amount: number;
}

/**
 * The caller's income for a period of days per service (spec §6, income details): the ledger's rows that pay an
 * appointment — whatever the checkout's type and method, a refund on its own day and negative — summed in SQL by
 * the appointment's service, largest first. Sales, standalone payments and class sessions are not appointments'
 * money and stay out (the totals and the income per method count them). `allowed` is the caller's Income filter
 * for `payments`.
 */
export async function incomeByService(db: Db, allowed: Filter, from: string, to: string): Promise<ServiceIncome[]> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('appointments', 'appointments.id', 'payments.appointment_id')
    .leftJoin('services', 'services.id', 'appointments.service_id')
    .select((eb) => [
      'appointments.service_id as service_id',
      'services.title as title',
      eb.fn.sum<number>('payments.amount').as('amount'),
    ])
    .where((eb) =>
      eb.and([
        allowed(eb as never),
        eb('payments.appointment_id', 'is not', null),
        eb('payments.date', '>=', from),
        eb('payments.date', '<=', to),
      ]),
    )
    .groupBy(['appointments.service_id', 'services.title'])
    .execute();
  return rows
    .map((r) => ({
      service_id: r.service_id === null ? null : Number(r.service_id),
      title: r.title ?? null,
      amount: Number(r.amount ?? 0),
    }))
    .sort((a, b) => b.amount - a.amount || (a.title ?? '').localeCompare(b.title ?? ''));
}
