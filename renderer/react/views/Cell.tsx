import Avatar from '@mui/material/Avatar';
import { formatValue, joinFields } from '../../core/format';
import type { ColumnDef, RecordData } from '../../core/types';
import { useRenderer } from '../context';

/** One value of a record as lists, tables and details show it. */
export function Cell({ column, record, alt }: { column: ColumnDef; record: RecordData; alt?: string }) {
  const { t, locale } = useRenderer();
  const value = record[column.field];
  if (column.type === 'image') return <Avatar src={typeof value === 'string' ? value : undefined} alt={alt ?? ''} sx={{ width: 32, height: 32 }} />;
  if (column.type === 'list' && Array.isArray(value) && column.items) {
    if (value.length === 0) return <>—</>;
    const nested = column.nested;
    return (
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {(value as RecordData[]).map((item, i) => {
          const sub = nested ? ((item[nested.field] as RecordData[] | undefined) ?? []) : [];
          return (
            <li key={String(item.id ?? i)}>
              {joinFields(item, column.items)}
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
  if (column.type === 'email' && typeof value === 'string' && value) return <a href={`mailto:${value}`} onClick={(e) => e.stopPropagation()}>{value}</a>;
  if (column.type === 'phone' && typeof value === 'string' && value) return <a href={`tel:${value.replace(/\s/g, '')}`} onClick={(e) => e.stopPropagation()}>{value}</a>;
  return <>{formatValue(value, column.type, t, locale)}</>;
}
