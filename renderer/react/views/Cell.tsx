import type { ColumnDef, RecordData } from '../../core/types';
import { useRenderer } from '../context';
import { defaultCellTypes, PlainValue } from './cell-types';

export { currencyOf, valueHostOf } from './cell-types';

/** The built-in types written as text. */
const TEXT_TYPES = new Set(['text', 'date', 'datetime', 'boolean', 'money', 'enum', 'duration']);

/**
 * One value of a record as lists, tables and details show it: drawn by the cell type its column names (the
 * built-in ones and the host's), else written as text in the column's type.
 */
export function Cell({ column, record, alt }: { column: ColumnDef; record: RecordData; alt?: string }) {
  const host = useRenderer().cellTypes;
  const props = { value: record[column.field], column, record, alt };
  const type = column.type ?? 'text';
  const types = host?.has(type) ? host : defaultCellTypes;
  // A type nobody registered fails loudly (the screen's error boundary names it), except the text-like built-ins.
  if (!types.has(type) && (type.startsWith('x-') || !TEXT_TYPES.has(type))) types.get(type, `column "${column.field}"`);
  const Type = types.has(type) ? types.get(type, `column "${column.field}"`) : PlainValue;
  return <Type {...props} />;
}
