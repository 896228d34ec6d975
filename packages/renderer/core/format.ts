import type { ColumnDef, RecordData, Translate } from './types.js';
import { formatMoney } from './money.js';

/** Joins the named fields of a record with spaces, skipping empty ones: ['first_name','last_name'] → "Ann Lee". */
export function joinFields(record: RecordData, fields: string[] = []): string {
  return fields
    .map((f) => record[f])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');
}

/** What the host says about values: money's currency (the owner's), and the zone times are read in (the business's). */
export interface ValueHost {
  currency?: string;
  timeZone?: string;
}

/**
 * A cell's text for list, table and detail views; images and lists are drawn by the views themselves. The column may
 * name a number's `unit` ("8.4 mi") and values to leave `blank` (an expense that does not repeat).
 */
export function formatValue(
  value: unknown,
  type: ColumnDef['type'],
  t: Translate,
  locale: string,
  host: ValueHost = {},
  column: Pick<ColumnDef, 'unit' | 'blank'> = {},
): string {
  if (isBlank(value, column)) return '—';
  if (column.unit && typeof value === 'number' && (type === undefined || type === 'text'))
    return t(column.unit, { count: value, value: value.toLocaleString(locale, { maximumFractionDigits: 2 }) });
  switch (type) {
    case 'boolean':
      return t(value ? 'list.yes' : 'list.no');
    case 'duration': {
      const minutes = Number(value);
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      return [h ? t('units.hours', { count: h }) : '', m || !h ? t('units.minutes', { count: m }) : '']
        .filter(Boolean)
        .join(' ');
    }
    case 'enum':
      return t(`enums.${String(value)}`, { defaultValue: String(value) });
    case 'date': {
      const d = new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime())
        ? String(value)
        : d.toLocaleDateString(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
    }
    case 'datetime': {
      // In words and in the locale's own clock ("23 Nov 2026, 14:05"), never the ISO string.
      const d = new Date(String(value));
      return Number.isNaN(d.getTime())
        ? String(value)
        : d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: host.timeZone });
    }
    case 'money':
      return formatMoney(Number(value), locale, host.currency);
    case 'list':
      return Array.isArray(value)
        ? value
            .map((v) => (typeof v === 'object' && v ? Object.values(v).filter(Boolean).join(', ') : String(v)))
            .join('; ')
        : String(value);
    default:
      return String(value);
  }
}

/** Whether a column writes the value as a blank: no value, or one the column names in `blank`. */
export function isBlank(value: unknown, column: Pick<ColumnDef, 'blank'> = {}): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (column.blank ?? []).some((b) => b === value)
  );
}

/**
 * A card's title or subtitle: the named fields, each formatted like the screen's column of that name (money,
 * dates, durations…) when there is one, joined with spaces and skipping empty ones.
 */
export function formatFields(
  record: RecordData,
  fields: string[] = [],
  columns: ColumnDef[] = [],
  t: Translate,
  locale: string,
  host: ValueHost = {},
): string {
  return fields
    .map((f) => {
      const value = record[f];
      const column = columns.find((c) => c.field === f);
      if (isBlank(value, column)) return '';
      const type = column?.type;
      return (type && type !== 'text' && type !== 'image' && type !== 'list') || column?.unit
        ? formatValue(value, type, t, locale, host, column)
        : String(value);
    })
    .filter(Boolean)
    .join(' ');
}

/** The i18n key of a field's label: the column's own, else `fields.<resource>.<field>`. */
export const fieldLabelKey = (resource: string | undefined, column: { field: string; label?: string }): string =>
  column.label ?? `fields.${resource ?? 'common'}.${column.field}`;
