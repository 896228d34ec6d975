import { shownValue } from '../../core/cases.js';
import type { ColumnDef, RecordData } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { defaultCellTypes, PlainValue } from './cell-types.js';

export { currencyOf, valueHostOf } from './cell-types.js';

/** The built-in types written as text. */
const TEXT_TYPES = new Set(['text', 'date', 'datetime', 'boolean', 'money', 'enum', 'duration']);

/**
 * Whether a card's title or subtitle draws the field by its column's cell type rather than writing it as text: a
 * host's own types (`x-…`) and colours (a disc, never "#1565c0").
 */
export const drawnInCards = (column: ColumnDef | undefined): column is ColumnDef =>
  Boolean(column?.type && (column.type.startsWith('x-') || column.type === 'colour'));

/**
 * One value of a record as lists, tables and details show it (the column's case the record matches, if any): drawn
 * by the cell type its column names (the built-in ones and the host's), else written as text in the column's type.
 */
export function Cell({ column, record, alt }: { column: ColumnDef; record: RecordData; alt?: string }) {
  const host = useRenderer().cellTypes;
  const props = { value: shownValue(record, column), column, record, alt };
  const type = column.type ?? 'text';
  const types = host?.has(type) ? host : defaultCellTypes;
  // A type nobody registered fails loudly (the screen's error boundary names it), except the text-like built-ins.
  if (!types.has(type) && (type.startsWith('x-') || !TEXT_TYPES.has(type))) types.get(type, `column "${column.field}"`);
  const Type = types.has(type) ? types.get(type, `column "${column.field}"`) : PlainValue;
  return <Type {...props} />;
}
