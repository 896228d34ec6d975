import type { TFunction } from 'i18next';
import type { Db, Dialect } from '../../db/database';
import type { ExportColumn, ExportRow } from '../../engine/export-stream';
import type { Filter } from '../../engine/rules-to-sql';
import { clientNameSearch } from '../../core/client-search';
import { EXPORT_BATCH, type LedgerExportQuery } from '../../core/export-context';

/** The sales export's columns, headed in the owner's language. */
export const salesColumns = (t: TFunction): ExportColumn[] => [
  { key: 'date', heading: t('exports.columns.date'), kind: 'date', width: 2 },
  { key: 'client', heading: t('exports.columns.client'), width: 3 },
  { key: 'items', heading: t('exports.columns.items'), width: 5 },
  { key: 'discount', heading: t('exports.columns.discount'), kind: 'money', width: 2 },
  { key: 'amount', heading: t('exports.columns.amount'), kind: 'money', width: 2 },
  { key: 'paid', heading: t('exports.columns.paid'), kind: 'money', width: 2 },
];

/** What the sales written came to (after their discounts) and what the ledger says was paid for them. */
export class SalesTotals {
  amount = 0;
  paid = 0;
  rows(t: TFunction): Array<[string, number]> {
    return [
      [t('exports.totals.sales'), this.amount],
      [t('exports.totals.paid'), this.paid],
    ];
  }
}

type After = { date: string; id: number } | null;

const salesBatch = (db: Db, dialect: Dialect, allowed: Filter, q: LedgerExportQuery, after: After) =>
  db
    .selectFrom('sales')
    .leftJoin('clients', 'clients.id', 'sales.client_id')
    .select(['sales.id', 'sales.date', 'sales.total', 'sales.discount', 'clients.first_name', 'clients.last_name'])
    .where((eb) =>
      eb.and([
        allowed(eb),
        // A cancelled sale (nothing was paid) was never made: it is not in the books.
        eb('sales.cancelled_at', 'is', null),
        ...(q.from ? [eb('sales.date', '>=', q.from)] : []),
        ...(q.to ? [eb('sales.date', '<=', q.to)] : []),
        ...clientNameSearch(eb, dialect, q.search),
        ...(after
          ? [
              eb.or([
                eb('sales.date', '>', after.date),
                eb.and([eb('sales.date', '=', after.date), eb('sales.id', '>', after.id)]),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('sales.date')
    .orderBy('sales.id')
    .limit(EXPORT_BATCH)
    .execute();

/**
 * The caller's sales in the period, oldest first, `EXPORT_BATCH` at a time after the last one read, each with its
 * items in short ("Shampoo × 2, Gift voucher") and what was paid for it (its payments less their refunds, from the
 * ledger); each is added to `totals` as it is handed on.
 */
export async function* salesRows(
  db: Db,
  dialect: Dialect,
  allowed: Filter,
  q: LedgerExportQuery,
  totals: SalesTotals,
): AsyncGenerator<ExportRow> {
  let after: After = null;
  for (;;) {
    const batch = await salesBatch(db, dialect, allowed, q, after);
    const ids = batch.map((s) => Number(s.id));
    const items = ids.length
      ? await db
          .selectFrom('sale_items')
          .select(['sale_id', 'title', 'quantity'])
          .where('sale_id', 'in', ids)
          .orderBy('id')
          .execute()
      : [];
    const paid = ids.length
      ? await db
          .selectFrom('payments')
          .select(['sale_id', (eb) => eb.fn.sum<number>('amount').as('paid')])
          .where('sale_id', 'in', ids)
          .groupBy('sale_id')
          .execute()
      : [];
    const paidOf = new Map(paid.map((p) => [Number(p.sale_id), Number(p.paid ?? 0)]));
    const itemsOf = new Map<number, string[]>();
    for (const i of items)
      itemsOf.set(Number(i.sale_id), [
        ...(itemsOf.get(Number(i.sale_id)) ?? []),
        i.quantity > 1 ? `${i.title} × ${i.quantity}` : i.title,
      ]);
    for (const s of batch) {
      const id = Number(s.id);
      const amount = Number(s.total) - Number(s.discount);
      const settled = paidOf.get(id) ?? 0;
      totals.amount += amount;
      totals.paid += settled;
      yield {
        date: s.date,
        client: [s.first_name, s.last_name].filter(Boolean).join(' '),
        items: (itemsOf.get(id) ?? []).join(', '),
        discount: Number(s.discount),
        amount,
        paid: settled,
      };
    }
    if (batch.length < EXPORT_BATCH) return;
    const end = batch[batch.length - 1];
    after = { date: end.date, id: Number(end.id) };
  }
}
