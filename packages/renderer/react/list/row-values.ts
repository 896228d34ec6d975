import { formatValue, type ValueHost } from '../../core/format.js';
import type { ColumnDef, RecordData, Translate } from '../../core/types.js';

/**
 * A row action's `{field}` placeholders filled from the row: "/api/v1/payments/{id}" → "/api/v1/payments/12". In a
 * path a value is encoded; a field the row lacks is left empty.
 */
export function fillRow(template: string, row: RecordData, encode = true): string {
  return template.replace(/\{([a-z_][a-z0-9_.]*)\}/gi, (_, field: string) => {
    const value = field.split('.').reduce<unknown>((v, k) => (v as RecordData | null)?.[k], row);
    const text = value === null || value === undefined ? '' : String(value);
    return encode ? encodeURIComponent(text) : text;
  });
}

/** A navigate row action's query string, each value filled from the row: "?client_id=4&appointment_id=12". */
export function rowQuery(query: Record<string, string> | undefined, row: RecordData): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    const value = fillRow(v, row, false);
    if (value !== '') q.set(k, value);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The row's values as its columns write them (money in its currency, dates in words), for a dialog's or a confirm's
 * text: "{{amount}} paid by {{client_name}} on {{date}}". Fields without a column are given as they are.
 */
export function rowTexts(
  row: RecordData,
  columns: ColumnDef[],
  t: Translate,
  locale: string,
  host: ValueHost,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(row))
    if (v === null || typeof v !== 'object') out[k] = v == null ? '—' : String(v);
  for (const c of columns) out[c.field] = formatValue(row[c.field], c.type, t, locale, host, c);
  return out;
}
