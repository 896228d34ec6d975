import type { Db } from '../../db/database';
import { invalid, notFound } from '../../infra/domain-error';
import type { PaymentsContext } from './context';
import { ledgerOfAppointments, statusOf } from '../../core/ledger';

/**
 * The appointments a checkout settles, read inside its transaction: each the caller's, the client booked on it,
 * unpaid or part paid; with its service and what is left to pay from the ledger, in the order given.
 */
export async function owedAppointments(
  trx: Db,
  ctx: Pick<PaymentsContext, 'appointments'>,
  clientId: number,
  ids: number[],
): Promise<Array<{ id: number; service_id: number | null; left: number }>> {
  if (ids.length === 0) return [];
  const found = await trx
    .selectFrom('appointments')
    .select(['id', 'price', 'discounted_amount', 'service_id'])
    .where((eb) => eb.and([eb('appointments.id', 'in', ids), ctx.appointments(eb)]))
    .execute();
  if (found.length !== ids.length) throw notFound();
  const attended = await trx
    .selectFrom('appointment_clients')
    .select('appointment_id')
    .where('client_id', '=', clientId)
    .where('appointment_id', 'in', ids)
    .execute();
  if (new Set(attended.map((a) => a.appointment_id)).size !== ids.length)
    throw invalid('appointment_ids', 'payments.notTheClients');
  const ledger = await ledgerOfAppointments(trx, ids);
  return ids.map((id) => {
    const a = found.find((f) => f.id === id)!;
    const status = statusOf(a, ledger.get(id));
    if (status.status !== 'unpaid' && status.status !== 'leftToPay')
      throw invalid('appointment_ids', 'payments.nothingOwed');
    return { id, service_id: a.service_id, left: status.left_to_pay };
  });
}
