import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { PER_KIND, type Found } from './found';

/**
 * The sales to the clients found (`clientIds`), within what the caller may read: the latest first, each with what it
 * came to (less its discount) in its currency and what was sold.
 */
export async function findSales(db: Db, clientIds: number[], allowed: Filter): Promise<Found[]> {
  if (!clientIds.length) return [];
  const rows = await db
    .selectFrom('sales')
    .innerJoin('clients', 'clients.id', 'sales.client_id')
    .where((eb) => eb.and([allowed(eb), eb('sales.client_id', 'in', clientIds)]))
    .select([
      'sales.id',
      'sales.date',
      'sales.total',
      'sales.discount',
      'sales.currency',
      'clients.first_name',
      'clients.last_name',
    ])
    .orderBy('sales.date', 'desc')
    .orderBy('sales.id', 'desc')
    .limit(PER_KIND)
    .execute();
  if (!rows.length) return [];
  const items = await db
    .selectFrom('sale_items')
    .where(
      'sale_id',
      'in',
      rows.map((r) => r.id),
    )
    .select(['sale_id', 'title'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    kind: 'sales',
    id: r.id,
    title: `${r.first_name} ${r.last_name ?? ''}`.trim(),
    detail:
      items
        .filter((i) => i.sale_id === r.id)
        .map((i) => i.title)
        .join(', ') || null,
    date: r.date,
    time: null,
    amount: r.total - r.discount,
    currency: r.currency.toUpperCase(),
  }));
}
