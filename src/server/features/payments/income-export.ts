import type { TFunction } from 'i18next';
import { isRedemption } from '../../../domain/payments';
import type { Db, Dialect } from '../../db/database';
import type { ExportColumn, ExportRow } from '../../engine/export-stream';
import type { Filter } from '../../engine/rules-to-sql';
import { clientNameSearch } from '../../core/client-search';
import { EXPORT_BATCH, type LedgerExportQuery } from '../../core/export-context';

/** The income export's columns, headed in the owner's language. */
export const incomeColumns = (t: TFunction): ExportColumn[] => [
  { key: 'date', heading: t('exports.columns.date'), kind: 'date', width: 2 },
  { key: 'client', heading: t('exports.columns.client'), width: 3 },
  { key: 'type', heading: t('exports.columns.type'), width: 2 },
  { key: 'method', heading: t('exports.columns.method'), width: 2 },
  { key: 'amount', heading: t('exports.columns.amount'), kind: 'money', width: 2 },
  { key: 'note', heading: t('exports.columns.note'), width: 3 },
];

/**
 * The income totals of what was written: payments in, refunds out (negative), and what is left (income). A
 * redemption is written with no money, so it adds nothing.
 */
export class IncomeTotals {
  payments = 0;
  refunds = 0;
  add(amount: number): void {
    if (amount >= 0) this.payments += amount;
    else this.refunds += amount;
  }
  rows(t: TFunction): Array<[string, number]> {
    return [
      [t('exports.totals.payments'), this.payments],
      [t('exports.totals.refunds'), this.refunds],
      [t('exports.totals.income'), this.payments + this.refunds],
    ];
  }
}

type After = { date: string; id: number } | null;

/** One batch of the caller's ledger rows for the period: the next `EXPORT_BATCH` after `after` (date, then id). */
const incomeBatch = (db: Db, dialect: Dialect, allowed: Filter, q: LedgerExportQuery, after: After) =>
  db
    .selectFrom('payments')
    .leftJoin('clients', 'clients.id', 'payments.client_id')
    .select([
      'payments.id',
      'payments.date',
      'payments.type',
      'payments.method',
      'payments.amount',
      'payments.refund_of',
      'payments.reason',
      'clients.first_name',
      'clients.last_name',
    ])
    .where((eb) =>
      eb.and([
        allowed(eb),
        ...(q.type ? [eb('payments.type', '=', q.type)] : []),
        ...(q.from ? [eb('payments.date', '>=', q.from)] : []),
        ...(q.to ? [eb('payments.date', '<=', q.to)] : []),
        ...clientNameSearch(eb, dialect, q.search),
        ...(after
          ? [
              eb.or([
                eb('payments.date', '>', after.date),
                eb.and([eb('payments.date', '=', after.date), eb('payments.id', '>', after.id)]),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('payments.date')
    .orderBy('payments.id')
    .limit(EXPORT_BATCH)
    .execute();

/**
 * The caller's ledger rows for the period, oldest first — payments and refunds, each its own row with its signed
 * amount — read `EXPORT_BATCH` at a time after the last one read (date, then id), so a year of rows is never in
 * memory at once. Each row is added to `totals` as it is handed on. A redemption (paid from a gift voucher or a
 * package) is listed with no money, its note saying what it settled (`money` writes that amount): the voucher's or
 * package's sale was the income.
 */
export async function* incomeRows(
  db: Db,
  dialect: Dialect,
  allowed: Filter,
  q: LedgerExportQuery,
  t: TFunction,
  totals: IncomeTotals,
  money: (minor: number) => string,
): AsyncGenerator<ExportRow> {
  // A handful of types and methods, each translated once: i18next per row was most of an export's time.
  const labels = new Map<string, string>();
  const label = (key: string, fallback: string) => {
    let text = labels.get(key);
    if (text === undefined) labels.set(key, (text = t(key, { defaultValue: fallback })));
    return text;
  };
  const refund = t('exports.refund');
  let after: After = null;
  for (;;) {
    const batch = await incomeBatch(db, dialect, allowed, q, after);
    for (const r of batch) {
      const redemption = isRedemption(r.method);
      const amount = redemption ? 0 : Number(r.amount);
      totals.add(amount);
      const refunded = r.refund_of === null ? null : [refund, r.reason].filter(Boolean).join(': ');
      const settled = redemption
        ? t(`exports.${r.refund_of === null ? 'redeemed' : 'returned'}.${r.method}`, {
            amount: money(Math.abs(Number(r.amount))),
          })
        : null;
      yield {
        date: r.date,
        client: [r.first_name, r.last_name].filter(Boolean).join(' '),
        type: label(`exports.types.${r.type}`, r.type),
        method: label(`exports.methods.${r.method}`, r.method),
        amount,
        note: [refunded, settled].filter(Boolean).join(' — ') || null,
      };
    }
    if (batch.length < EXPORT_BATCH) return;
    const end = batch[batch.length - 1];
    after = { date: end.date, id: Number(end.id) };
  }
}
