import { sql, type ExpressionBuilder } from 'kysely';
import { isRedemption, REDEMPTION_METHODS } from '../../../domain/payments';
import type { Db, Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Filter } from '../../engine/rules-to-sql';
import { clientNameSearch } from '../../core/client-search';
import { byCurrency } from '../../core/list-totals';

export const PER_PAGE = 25;

function selectPayments(db: Db) {
  return db.selectFrom('payments').leftJoin('clients', 'clients.id', 'payments.client_id');
}

/** The payments a list's query selects (all its pages), without the clients' join: what its totals sum. */
type PaymentScope = ReturnType<typeof selectOwnPayments>;

function selectOwnPayments(db: Db) {
  return db.selectFrom('payments');
}

/** A page of the payments list: a period, a client, a search by client name. */
export interface PaymentListQuery {
  page: number;
  from?: string;
  to?: string;
  search?: string;
  client_id?: number;
  /** One sale's payments (a sale's page). */
  sale_id?: number;
}

/**
 * The rows a type tab lists, by what each pays: a checkout of appointments and things sold together ("combined")
 * wrote rows that each pay an appointment, a class seat or the sale, and each is listed under that.
 */
function paying(eb: ExpressionBuilder<Database, 'payments'>, type: string) {
  if (type === 'appointment')
    return eb.or([
      eb('payments.appointment_id', 'is not', null),
      eb('payments.class_seat_id', 'is not', null),
      eb.and([eb('payments.type', '=', 'appointment'), eb('payments.sale_id', 'is', null)]),
    ]);
  if (type === 'sale') return eb.or([eb('payments.sale_id', 'is not', null), eb('payments.type', '=', 'sale')]);
  return eb('payments.type', '=', type);
}

/** Keeps an answer under `key` while the caller's ledger is unchanged (`core/kept-figures.ts`), or computes it. */
export type Keep = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * A page of the caller's payments (`filter`: their rules on `payments`), newest first, each with its refunds, or one
 * type's (`paying`); with the count and the totals of all the query selects, those kept by `keep`.
 */
export async function paymentList(
  db: Db,
  dialect: Dialect,
  filter: Filter,
  q: PaymentListQuery,
  type: string | null,
  keep: Keep,
) {
  const own = (eb: ExpressionBuilder<Database, 'payments'>) => [
    filter(eb),
    ...(q.client_id !== undefined ? [eb('payments.client_id', '=', q.client_id)] : []),
    ...(q.sale_id !== undefined ? [eb('payments.sale_id', '=', q.sale_id)] : []),
    eb('payments.refund_of', 'is', null),
    ...(type ? [paying(eb, type)] : []),
    ...(q.from ? [eb('payments.date', '>=', q.from)] : []),
    ...(q.to ? [eb('payments.date', '<=', q.to)] : []),
  ];
  const base = selectPayments(db).where((eb) => eb.and([...own(eb), ...clientNameSearch(eb, dialect, q.search)]));
  // Counted and summed without the join unless a name is searched: the join cost a lookup per payment (20 ms at 50k
  // rows).
  const scope = q.search?.trim()
    ? selectOwnPayments(db).where('payments.id', 'in', base.select('payments.id'))
    : selectOwnPayments(db).where((eb) => eb.and(own(eb)));
  // The totals of all pages are the dear part (a pass over every payment the query selects): kept until the ledger
  // changes, except a search's, which a client's new name would change too.
  const totals = q.search?.trim()
    ? await paymentTotals(db, scope)
    : await keep(`payments/${type}/${q.from}/${q.to}/${q.client_id}/${q.sale_id}`, () => paymentTotals(db, scope));
  const rows = await base
    .select([
      'payments.id',
      'payments.type',
      'payments.method',
      'payments.amount',
      'payments.currency',
      'payments.date',
      'payments.created_at',
      'payments.appointment_id',
      'payments.checkout_id',
      'payments.sale_id',
      'payments.provider',
      'clients.id as client_id',
      'clients.first_name',
      'clients.last_name',
    ])
    .orderBy('payments.date', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(PER_PAGE)
    .offset((q.page - 1) * PER_PAGE)
    .execute();
  const ids = rows.map((r) => r.id);
  const refunds = ids.length
    ? await db
        .selectFrom('payments')
        .select(['id', 'amount', 'date', 'reason', 'created_at', 'refund_of'])
        .where('refund_of', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  // Each answer of one fixed shape, field by field: built from spreads after other fields, V8 took its slow path.
  const data = rows.map((r) => {
    const own = refunds
      .filter((x) => x.refund_of === r.id)
      .map((x) => ({ id: x.id, amount: x.amount, date: x.date, reason: x.reason, created_at: x.created_at }));
    const redemption = isRedemption(r.method);
    // A payment may be refunded in parts: refunded once they take all of it.
    const refundable = Math.max(0, r.amount + own.reduce((s, x) => s + x.amount, 0));
    const named = r.client_id !== null;
    return {
      id: r.id,
      type: r.type,
      method: r.method,
      amount: r.amount,
      currency: r.currency,
      date: r.date,
      created_at: r.created_at,
      appointment_id: r.appointment_id,
      checkout_id: r.checkout_id,
      sale_id: r.sale_id,
      online: r.provider !== null,
      redemption,
      income: redemption ? 0 : r.amount,
      client: named ? { id: r.client_id, first_name: r.first_name, last_name: r.last_name } : null,
      client_name: named ? [r.first_name, r.last_name].filter(Boolean).join(' ') : null,
      refunds: own,
      refunded: own.length > 0 && refundable === 0,
      refundable,
      status:
        own.length > 0 && refundable === 0
          ? 'refunded'
          : own.length > 0
            ? 'part_refunded'
            : redemption
              ? 'redemption'
              : 'paid',
    };
  });
  return { data, total: totals.count, totals };
}

/**
 * The totals of every payment a list's query selects (all its pages), per currency: what came in (a redemption
 * brought nothing in), what of it was given back (its refunds, negative), the income (the two together), and the
 * count of payments. Counted and summed in one pass over the payments.
 */
async function paymentTotals(db: Db, scope: PaymentScope) {
  const redemption = sql.join(REDEMPTION_METHODS.map((m) => sql.lit(m)));
  const groups = await scope
    .select((eb) => [
      'payments.currency',
      eb.fn.countAll<number>().as('count'),
      sql<number>`sum(case when payments.method in (${redemption}) then 0 else payments.amount end)`.as('amount'),
    ])
    .groupBy('payments.currency')
    .execute();
  const refunds = await db
    .selectFrom('payments')
    .select(['payments.currency', (eb) => eb.fn.sum<number>('payments.amount').as('amount')])
    .where('payments.refund_of', 'in', scope.select('payments.id'))
    .groupBy('payments.currency')
    .execute();
  const received = groups.map((g) => ({ currency: g.currency, amount: g.amount }));
  const both = [...received, ...refunds];
  const sums = (rows: typeof both) =>
    byCurrency(
      rows.filter((r) => Number(r.amount) !== 0),
      (r) => r.currency,
      (r) => Number(r.amount),
    );
  const count = groups.reduce((n, g) => n + Number(g.count), 0);
  return { income: sums(both), received: sums(received), refunds: sums(refunds), count };
}
