import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { ownerTimeZone } from '../../core/owner-time';
import { owingSalesTotal } from '../sales';

/**
 * Left to pay in all (`GET /payments/left-to-pay/statistic`): the appointments left to pay (as the appointments
 * list finds them) and the sales left to pay, in the period up to `to` (default: the owner's today). Sales count
 * for a caller who may read them.
 */
export async function leftToPayStatistic(
  app: FastifyInstance,
  req: FastifyRequest,
  q: { from?: string; to?: string },
  appointments: Array<{ status: { left_to_pay: number } }>,
): Promise<{ amount: number; count: number }> {
  const sales = req.ability.can('read', 'Sale')
    ? await owingSalesTotal(app.db, app.dialect, req.filterFor('read', 'Sale', 'sales'), {
        from: q.from,
        to: q.to ?? todayIn(ownerTimeZone(req)),
      })
    : { amount: 0, count: 0 };
  return {
    amount: appointments.reduce((s, r) => s + r.status.left_to_pay, 0) + sales.amount,
    count: appointments.length + sales.count,
  };
}
