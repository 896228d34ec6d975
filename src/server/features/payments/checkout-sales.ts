import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { invalid, notFound } from '../../infra/domain-error';
import { selectSales } from '../sales';
import type { PaymentsContext } from './context';

/**
 * Sales made before with something still left to pay, which a checkout settles (the rest of a part-paid sale): each
 * the client's and the caller's, not refunded, with what is left read inside the checkout's transaction, in the
 * order given.
 */
export async function owedSales(
  trx: Db,
  ctx: Pick<PaymentsContext, 'sales' | 'dialect'>,
  clientId: number,
  ids: number[],
): Promise<Array<{ id: number; left: number }>> {
  if (ids.length === 0) return [];
  const sales = ctx.sales;
  if (!sales) throw notFound();
  const out: Array<{ id: number; left: number }> = [];
  for (const id of ids) {
    const { base, leftToPay } = selectSales(trx, ctx.dialect, sales, { id });
    const sale = await base
      .select(['sales.id', 'sales.client_id', sql<number>`${leftToPay}`.as('left')])
      .executeTakeFirst();
    if (!sale) throw notFound();
    if (sale.client_id !== clientId) throw invalid('sale_ids', 'payments.notTheClients');
    if (Number(sale.left) <= 0) throw invalid('sale_ids', 'payments.saleNothingOwed');
    out.push({ id, left: Number(sale.left) });
  }
  return out;
}
