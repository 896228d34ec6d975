import type { TFunction } from 'i18next';
import type { ExportColumn, ExportRow, StreamedTable } from '../../engine/export-stream';
import type { ownerExport } from '../../core/export-context';
import { kindOf, type DetailsAsk } from './details';

type Owner = ReturnType<typeof ownerExport>;
type Row = Record<string, unknown>;

/** Each kind of view's columns, headed in the owner's language. */
function columnsOf(kind: ReturnType<typeof kindOf>, t: TFunction): ExportColumn[] {
  const c = (key: string, width: number, kind?: ExportColumn['kind']) => ({
    key,
    heading: t(`analytics.details.columns.${key}`),
    width,
    ...(kind ? { kind } : {}),
  });
  if (kind === 'ledger')
    return [
      c('date', 2, 'date'),
      c('client', 3),
      c('service', 3),
      c('type', 2),
      c('method', 2),
      c('amount', 2, 'money'),
    ];
  if (kind === 'visits')
    return [c('date', 2, 'date'), c('start_time', 1), c('client', 3), c('service', 3), c('status', 2)];
  return [c('client', 4), c('visits', 1), c('kind', 2), c('retained', 1)];
}

/** A row in the owner's words: types, methods and statuses as the app names them. */
function wordsOf(kind: ReturnType<typeof kindOf>, t: TFunction, r: Row): ExportRow {
  if (kind === 'ledger')
    return {
      date: r.date as string,
      client: r.client as string,
      service: (r.service as string | null) ?? '',
      type: r.refund ? t('exports.refund') : t(`exports.types.${r.type as string}`, { defaultValue: r.type as string }),
      method: t(`exports.methods.${r.method as string}`, { defaultValue: r.method as string }),
      amount: r.amount as number,
    };
  if (kind === 'visits')
    return {
      date: r.date as string,
      start_time: r.start_time as string,
      client: r.client as string,
      service: (r.service as string | null) ?? '',
      status: t(`enums.${r.status as string}`, { defaultValue: r.status as string }),
    };
  return {
    client: r.client as string,
    visits: r.visits as number,
    kind: t(`analytics.details.kinds.${r.kind as string}`),
    retained: t(r.retained ? 'list.yes' : 'list.no'),
  };
}

/** The bar or slice a view is narrowed to, in words: a service's name, a method, a weekday, an hour, a day. */
export function keyWords(owner: Owner, ask: DetailsAsk, rows: Row[]): string {
  const { t, locale } = owner;
  const key = ask.key!;
  switch (ask.view) {
    case 'by_service':
      return key === 'none' ? t('analytics.details.noService') : ((rows[0]?.service as string | undefined) ?? key);
    case 'by_method':
      return t(`exports.methods.${key}`, { defaultValue: key });
    case 'appointments':
      return t(`enums.${key}`, { defaultValue: key });
    case 'by_weekday':
      // 2023-01-01 was a Sunday: weekday 0.
      return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2023, 0, 1 + Number(key))),
      );
    case 'by_hour':
      return `${key.padStart(2, '0')}:00`;
    case 'days':
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${key}T00:00:00Z`),
      );
    default:
      return t(`analytics.details.kinds.${key}`);
  }
}

/**
 * A view's rows as a table to export (`analytics-by_service-2026-11-25.csv`): the view and its bar or slice named at the
 * head of a PDF with the period, and the ledger's views totalled under their amounts.
 */
export function detailsTable(owner: Owner, ask: DetailsAsk, rows: Row[], currency: string): StreamedTable {
  const { t } = owner;
  const kind = kindOf(ask.view);
  let sum = 0;
  async function* each(): AsyncGenerator<ExportRow> {
    for (const r of rows) {
      if (kind === 'ledger') sum += r.amount as number;
      yield wordsOf(kind, t, r);
    }
  }
  const title = t(`analytics.details.views.${ask.view}`);
  const narrowed = ask.key ? keyWords(owner, ask, rows) : null;
  return {
    ...owner,
    name: `analytics-${ask.view.replace('_', '-')}`,
    title,
    lines: narrowed ? [...owner.lines, narrowed] : owner.lines,
    columns: columnsOf(kind, t),
    rows: each(),
    currency,
    totals: () => (kind === 'ledger' ? [[t('exports.totals.income'), sum]] : []),
  };
}
