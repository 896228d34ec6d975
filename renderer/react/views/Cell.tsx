import Avatar from '@mui/material/Avatar';
import { formatValue, joinFields } from '../../core/format';
import type { ColumnDef, RecordData } from '../../core/types';
import { useRenderer, type RendererContextValue } from '../context';
import { RecordNames } from './RecordNames';
import { UrlValue } from './UrlValue';

/** The host's currency for money values (the owner's), from the context every form's widgets read too. */
export const currencyOf = (ctx: Pick<RendererContextValue, 'formContext'>): string | undefined =>
  typeof ctx.formContext.currency === 'string' ? ctx.formContext.currency : undefined;

/** A list item with the fields its column types (`itemTypes`) written as such: dates in words, money with its sign. */
function formatItem(item: RecordData, column: ColumnDef, ctx: RendererContextValue): RecordData {
  if (!column.itemTypes) return item;
  const out: RecordData = { ...item };
  for (const [field, type] of Object.entries(column.itemTypes)) {
    if (item[field] !== null && item[field] !== undefined && item[field] !== '') out[field] = formatValue(item[field], type, ctx.t, ctx.locale, currencyOf(ctx));
  }
  return out;
}

/** One value of a record as lists, tables and details show it. */
export function Cell({ column, record, alt }: { column: ColumnDef; record: RecordData; alt?: string }) {
  const ctx = useRenderer();
  const { t, locale } = ctx;
  const value = record[column.field];
  if (column.type === 'image') return <Avatar src={typeof value === 'string' ? value : undefined} alt={alt ?? ''} sx={{ width: 32, height: 32 }} />;
  if (column.type === 'list' && Array.isArray(value) && column.names) return <RecordNames ids={value} resource={column.names.resource} fields={column.names.fields} />;
  if (column.type === 'list' && Array.isArray(value) && column.items) {
    if (value.length === 0) return <>—</>;
    const nested = column.nested;
    return (
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {(value as RecordData[]).map((item, i) => {
          const sub = nested ? ((item[nested.field] as RecordData[] | undefined) ?? []) : [];
          return (
            <li key={String(item.id ?? i)}>
              {column.itemText ? t(column.itemText, item) : joinFields(formatItem(item, column, ctx), column.items)}
              {nested && (
                <span style={{ display: 'block', color: 'rgba(0,0,0,0.6)' }}>
                  {nested.label ? `${t(nested.label)}: ` : ''}
                  {sub.length ? sub.map((s) => joinFields(s, nested.items)).join(', ') : t(nested.empty ?? 'detail.empty')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  if (column.type === 'colour' && typeof value === 'string') return <span role="img" aria-label={value} style={{ display: 'inline-block', width: 20, height: 20, borderRadius: '50%', background: value, border: '1px solid rgba(0,0,0,0.2)' }} />;
  if (column.type === 'url' && typeof value === 'string' && value) return <UrlValue url={value} />;
  if (column.type === 'email' && typeof value === 'string' && value) return <a href={`mailto:${value}`} onClick={(e) => e.stopPropagation()}>{value}</a>;
  if (column.type === 'phone' && typeof value === 'string' && value) return <a href={`tel:${value.replace(/\s/g, '')}`} onClick={(e) => e.stopPropagation()}>{value}</a>;
  return <>{formatValue(value, column.type, t, locale, currencyOf(ctx))}</>;
}
