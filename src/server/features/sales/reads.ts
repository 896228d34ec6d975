import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { clientNameSearch } from '../../core/client-search';
import { byCurrency } from '../../core/list-totals';

export const PER_PAGE = 25;

export interface SalesQuery {
  page: number;
  from?: string;
  to?: string;
  search?: string;
  client_id?: number;
  /** Only sales with something left to pay. */
  owing?: boolean;
  id?: number;
}

/**
 * The sales a query selects, joined with their ledger and client: paid (its payments less their refunds), left to
 * pay (total less its discount less paid; nothing once cancelled), refunded (its refunds took all it was paid). `filter` is the caller's
 * rules on `sales`. The lists read pages of it, the left-to-pay statistic sums it.
 */
export function selectSales(db: Db, dialect: Dialect, filter: Filter, q: Omit<SalesQuery, 'page'>) {
  const ledger = db
    .selectFrom('payments')
    .select([
      'payments.sale_id',
      (eb) => eb.fn.sum<number>('payments.amount').as('paid'),
      // What its payments came to before any refund: refunded when its refunds (in parts or whole) take all of it.
      sql<number>`sum(case when payments.refund_of is null then payments.amount else 0 end)`.as('payments'),
    ])
    .where('payments.sale_id', 'is not', null)
    .groupBy('payments.sale_id')
    .as('ledger');
  const leftToPay = sql<number>`(case when sales.cancelled_at is null
    then sales.total - sales.discount - coalesce(ledger.paid, 0) else 0 end)`;
  const refunded = sql<boolean>`(coalesce(ledger.payments, 0) > 0 and coalesce(ledger.paid, 0) <= 0)`;
  const base = db
    .selectFrom('sales')
    .leftJoin(ledger, 'ledger.sale_id', 'sales.id')
    .leftJoin('clients', 'clients.id', 'sales.client_id')
    .where((eb) =>
      eb.and([
        filter(eb),
        ...(q.id !== undefined ? [eb('sales.id', '=', q.id)] : []),
        ...(q.from ? [eb('sales.date', '>=', q.from)] : []),
        ...(q.to ? [eb('sales.date', '<=', q.to)] : []),
        ...(q.client_id !== undefined ? [eb('sales.client_id', '=', q.client_id)] : []),
        ...clientNameSearch(eb, dialect, q.search),
        ...(q.owing ? [eb(leftToPay, '>', 0), eb.not(refunded)] : []),
      ]),
    );
  return { base, leftToPay, refunded };
}

/**
 * The totals of every sale a query selects (all its pages), per currency: what they come to (less their discounts),
 * what was paid for them (refunds taken off), what is left to pay (nothing of a cancelled or refunded sale), and how
 * many there are.
 */
export async function salesTotals(db: Db, dialect: Dialect, filter: Filter, q: Omit<SalesQuery, 'page'>) {
  const { base, leftToPay, refunded } = selectSales(db, dialect, filter, q);
  const rows = await base
    .select((eb) => [
      'sales.currency',
      sql<number>`sum(sales.total - sales.discount)`.as('amount'),
      sql<number>`sum(coalesce(ledger.paid, 0))`.as('paid'),
      sql<number>`sum(case when ${refunded} then 0 else ${leftToPay} end)`.as('left'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy('sales.currency')
    .execute();
  const sums = (k: 'amount' | 'paid' | 'left') =>
    byCurrency(
      rows.filter((r) => Number(r[k]) !== 0),
      (r) => r.currency,
      (r) => Number(r[k]),
    );
  return {
    amount: sums('amount'),
    paid: sums('paid'),
    left: sums('left'),
    count: rows.reduce((n, r) => n + Number(r.count), 0),
  };
}

/** Sales as the lists and the detail show them, newest first, with what the ledger says of each. */
export async function readSales(db: Db, dialect: Dialect, filter: Filter, q: SalesQuery) {
  const { base } = selectSales(db, dialect, filter, q);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'sales.id',
      'sales.date',
      'sales.created_at',
      'sales.checkout_id',
      'sales.total',
      'sales.discount',
      'sales.currency',
      'sales.cancelled_at',
      'sales.cancel_reason',
      'clients.id as client_id',
      'clients.first_name',
      'clients.last_name',
      sql<number>`coalesce(ledger.paid, 0)`.as('paid'),
      sql<number>`coalesce(ledger.payments, 0)`.as('paid_before_refunds'),
    ])
    .orderBy('sales.date', 'desc')
    .orderBy('sales.id', 'desc')
    .limit(PER_PAGE)
    .offset((q.page - 1) * PER_PAGE)
    .execute();
  const data = rows.map(({ client_id, first_name, last_name, paid_before_refunds, ...r }) => {
    const paid = Number(r.paid);
    const isRefunded = Number(paid_before_refunds) > 0 && paid <= 0;
    const left = isRefunded || r.cancelled_at ? 0 : Math.max(0, r.total - r.discount - paid);
    return {
      ...r,
      paid,
      client: client_id === null ? null : { id: client_id, first_name: first_name!, last_name },
      client_name: client_id === null ? null : [first_name, last_name].filter(Boolean).join(' '),
      amount: Math.max(0, r.total - r.discount),
      left_to_pay: left,
      refunded: isRefunded,
      status: r.cancelled_at ? 'cancelled' : isRefunded ? 'refunded' : left > 0 ? 'owing' : 'paid',
      // Nothing ever paid: it is cancelled, not refunded. Something paid and not given back: it may be refunded.
      cancellable: !r.cancelled_at && !isRefunded && Number(paid_before_refunds) === 0,
      refundable: !r.cancelled_at && !isRefunded && Number(paid_before_refunds) > 0,
    };
  });
  return { data, total: Number(total) };
}

/** The lines of these sales, in order, with the voucher codes and package sales each created. */
export async function saleItems(db: Db, saleIds: number[]) {
  if (saleIds.length === 0) return [];
  const items = await db
    .selectFrom('sale_items')
    .select(['id', 'sale_id', 'kind', 'item_id', 'title', 'quantity', 'unit_price', 'total'])
    .where('sale_id', 'in', saleIds)
    .orderBy('id')
    .execute();
  const itemIds = items.map((i) => i.id);
  const vouchers = itemIds.length
    ? await db
        .selectFrom('voucher_sales')
        .select(['sale_item_id', 'code'])
        .where('sale_item_id', 'in', itemIds)
        .orderBy('id')
        .execute()
    : [];
  const packages = itemIds.length
    ? await db
        .selectFrom('package_sales')
        .select(['sale_item_id', 'id'])
        .where('sale_item_id', 'in', itemIds)
        .orderBy('id')
        .execute()
    : [];
  return items.map((i) => ({
    ...i,
    codes: vouchers.filter((v) => v.sale_item_id === i.id).map((v) => v.code),
    package_sale_ids: packages.filter((p) => p.sale_item_id === i.id).map((p) => p.id),
  }));
}

/** A sale's payments (not refund rows), oldest first, each with its refunds. */
export async function salePayments(db: Db, saleId: number) {
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'method', 'amount', 'date', 'created_at', 'voucher_sale_id', 'reason', 'refund_of'])
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => r.refund_of === null)
    .map(({ reason: _r, refund_of: _o, ...p }) => {
      const refunds = rows
        .filter((x) => x.refund_of === p.id)
        .map((x) => ({ id: x.id, amount: x.amount, date: x.date, reason: x.reason, created_at: x.created_at }));
      // Refunded once its refunds, in parts or whole, take all of it; what is left may still be refunded.
      const refundable = Number(p.amount) + refunds.reduce((s, x) => s + Number(x.amount), 0);
      return { ...p, refunds, refunded: refunds.length > 0 && refundable <= 0, refundable: Math.max(0, refundable) };
    });
}

/** Whether the sale is one the caller's rules (`filter` on `sales`) let them reach. */
export async function saleAllowed(db: Db, filter: Filter, id: number): Promise<boolean> {
  const sale = await db
    .selectFrom('sales')
    .select('id')
    .where((eb) => eb.and([eb('sales.id', '=', id), filter(eb)]))
    .executeTakeFirst();
  return sale !== undefined;
}
