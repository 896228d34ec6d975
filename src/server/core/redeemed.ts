import type { Db } from '../db/database';
import { refundedHoldings } from './refunded-sales';

/**
 * What is left of sold gift vouchers and packages, from the ledger alone: a voucher's amount less its redemption
 * rows (a refund of a redemption is a negative row, so it gives the amount back); a package's sessions of each of
 * its services less the sessions used (a refunded session counts back). Nothing is kept as a running total. A voucher
 * or package whose sale was refunded (`refunded-sales.ts`) has nothing left.
 */
export async function voucherAmountsLeft(db: Db, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const sold = await db.selectFrom('voucher_sales').select(['id', 'amount']).where('id', 'in', ids).execute();
  const used = await db
    .selectFrom('payments')
    .select(['voucher_sale_id', (eb) => eb.fn.sum<number>('amount').as('used')])
    .where('voucher_sale_id', 'in', ids)
    .groupBy('voucher_sale_id')
    .execute();
  const refunded = await refundedHoldings(db, 'voucher_sales', ids);
  for (const v of sold)
    out.set(
      v.id,
      refunded.has(v.id) ? 0 : Number(v.amount) - Number(used.find((u) => u.voucher_sale_id === v.id)?.used ?? 0),
    );
  return out;
}

/** One service of a sold package: how many sessions it included and how many are left. */
export interface PackageService {
  service_id: number;
  title: string;
  quantity: number;
  left: number;
}

/** The services of each sold package, in the package's order, with the sessions left of each. */
export async function packageSessionsLeft(db: Db, ids: number[]): Promise<Map<number, PackageService[]>> {
  const out = new Map<number, PackageService[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const included = await db
    .selectFrom('package_sales')
    .innerJoin('package_services', 'package_services.package_id', 'package_sales.package_id')
    .innerJoin('services', 'services.id', 'package_services.service_id')
    .select(['package_sales.id', 'package_services.service_id', 'package_services.quantity', 'services.title'])
    .where('package_sales.id', 'in', ids)
    .orderBy('package_services.position')
    .execute();
  const used = await db
    .selectFrom('payments')
    .select([
      'package_sale_id',
      'service_id',
      (eb) => eb.fn.sum<number>(eb.case().when('amount', '<', 0).then(-1).else(1).end()).as('used'),
    ])
    .where('package_sale_id', 'in', ids)
    .groupBy(['package_sale_id', 'service_id'])
    .execute();
  const refunded = await refundedHoldings(db, 'package_sales', ids);
  for (const i of included) {
    const n = used.find((u) => u.package_sale_id === i.id && u.service_id === i.service_id)?.used ?? 0;
    out.get(i.id)!.push({
      service_id: i.service_id,
      title: i.title,
      quantity: Number(i.quantity),
      left: refunded.has(i.id) ? 0 : Number(i.quantity) - Number(n),
    });
  }
  return out;
}
