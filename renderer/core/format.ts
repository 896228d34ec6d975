import type { ColumnDef, RecordData, Translate } from './types';

/** Joins the named fields of a record with spaces, skipping empty ones: ['first_name','last_name'] → "Ann Lee". */
export function joinFields(record: RecordData, fields: string[] = []): string {
  return fields.map((f) => record[f]).filter((v) => v !== null && v !== undefined && v !== '').join(' ');
}

/** A cell's text for list, table and detail views; images and lists are drawn by the views themselves. */
export function formatValue(value: unknown, type: ColumnDef['type'], t: Translate, locale: string): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  switch (type) {
    case 'boolean':
      return t(value ? 'list.yes' : 'list.no');
    case 'duration': {
      const minutes = Number(value);
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      return [h ? t('units.hours', { count: h }) : '', m || !h ? t('units.minutes', { count: m }) : ''].filter(Boolean).join(' ');
    }
    case 'enum':
      return t(`enums.${String(value)}`, { defaultValue: String(value) });
    case 'date': {
      const d = new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleDateString(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
    }
    case 'datetime': {
      const d = new Date(String(value));
      return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString(locale);
    }
    case 'money':
      return (Number(value) / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    case 'list':
      return Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v ? Object.values(v).filter(Boolean).join(', ') : String(v))).join('; ') : String(value);
    default:
      return String(value);
  }
}

/** The i18n key of a field's label: the column's own, else `fields.<resource>.<field>`. */
export const fieldLabelKey = (resource: string | undefined, column: { field: string; label?: string }): string =>
  column.label ?? `fields.${resource ?? 'common'}.${column.field}`;
