import type { TFunction } from 'i18next';
import type { ExportColumn, ExportRow, StreamedTable } from './export-stream';
import type { Row } from './resource-repository';
import type { Resource } from './schema-registry';

/** What a resource's PDF needs besides its rows: the reader's words and day, the currency and the heading lines. */
export interface ResourcePdfContext {
  t: TFunction;
  locale: string;
  today: string;
  currency: string;
  lines: string[];
  money: readonly string[];
}

/**
 * A resource's records as a PDF table (the same streamed writer as the money exports): its PDF fields as columns,
 * headed by their labels; money with its currency, dates in words, a field with a closed list of values in words
 * (`enums.<value>`), yes and no for booleans; a total under the table for each money field.
 */
export function resourcePdfTable(resource: Resource, rows: Row[], ctx: ResourcePdfContext): StreamedTable {
  const { t } = ctx;
  const spec = resource.meta.export!;
  const widths: Record<string, number> = spec.pdfFields ?? Object.fromEntries(spec.fields.map((f) => [f, 1]));
  const fields = Object.keys(widths);
  const props = resource.record.properties ?? {};
  const money = new Set(ctx.money);
  const kindOf = (f: string): ExportColumn['kind'] =>
    money.has(f) ? 'money' : props[f]?.format === 'date' ? 'date' : 'text';
  const columns: ExportColumn[] = fields.map((f) => ({
    key: f,
    heading: t(`fields.${resource.name}.${f}`, { defaultValue: f }),
    kind: kindOf(f),
    width: widths[f],
  }));
  const sums = new Map<string, number>([...money].filter((f) => fields.includes(f)).map((f) => [f, 0]));
  const cell = (f: string, v: unknown): ExportRow[string] => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'boolean') return t(v ? 'list.yes' : 'list.no');
    if (props[f]?.enum && typeof v === 'string') return t(`enums.${v}`, { defaultValue: v });
    return typeof v === 'number' || typeof v === 'string' ? v : String(v);
  };
  async function* out(): AsyncGenerator<ExportRow> {
    for (const row of rows) {
      for (const [f, sum] of sums) sums.set(f, sum + (Number(row[f]) || 0));
      yield Object.fromEntries(fields.map((f) => [f, cell(f, row[f])]));
    }
  }
  return {
    name: resource.name,
    today: ctx.today,
    columns,
    rows: out(),
    currency: ctx.currency,
    locale: ctx.locale,
    totals: () =>
      [...sums].map(([f, sum]): [string, number] => [
        t('exports.totalOf', { field: t(`fields.${resource.name}.${f}`) }),
        sum,
      ]),
    title: t(`screens.${resource.name}.list`, { defaultValue: resource.name }),
    lines: ctx.lines,
    pageLabel: (n) => t('exports.page', { n }),
  };
}
