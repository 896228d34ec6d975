import type { Db } from '../../db/database';
import { invalid, notFound } from '../../infra/domain-error';
import type { PaymentsContext } from './context';
import { ledgerOfSeats, statusOf } from '../../core/ledger';

/**
 * The class seats a checkout settles, read inside its transaction: each a seat of the client's in one of the
 * caller's class sessions, unpaid or part paid, with what is left of the class's price from the ledger, in the
 * order given. A seat is owed as an appointment is: the price less its payments and discounts.
 */
export async function owedSeats(
  trx: Db,
  ctx: Pick<PaymentsContext, 'classes'>,
  clientId: number,
  ids: number[],
): Promise<Array<{ id: number; left: number }>> {
  if (ids.length === 0) return [];
  const classes = ctx.classes;
  if (!classes) throw notFound();
  const found = await trx
    .selectFrom('class_session_clients as seat')
    .innerJoin('class_sessions', 'class_sessions.id', 'seat.session_id')
    .innerJoin('classes', 'classes.id', 'class_sessions.class_id')
    .select(['seat.id', 'seat.client_id', 'classes.price'])
    .where((eb) => eb.and([eb('seat.id', 'in', ids), classes(eb)]))
    .execute();
  if (found.length !== ids.length) throw notFound();
  if (found.some((s) => s.client_id !== clientId)) throw invalid('class_seat_ids', 'payments.notTheClients');
  const ledger = await ledgerOfSeats(trx, ids);
  return ids.map((id) => {
    const seat = found.find((f) => f.id === id)!;
    const status = statusOf({ price: seat.price, discounted_amount: null }, ledger.get(id));
    if (status.status !== 'unpaid' && status.status !== 'leftToPay')
      throw invalid('class_seat_ids', 'payments.nothingOwed');
    return { id, left: status.left_to_pay };
  });
}
