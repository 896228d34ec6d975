import type { ComponentType } from 'react';
import type { ColumnDef, RecordData, ScreenDef } from '../../core/types.js';

/**
 * What a list view (list, gallery, table, or a host's own) is given: the page of rows and how to sort and open.
 * @example
 * const Board = ({ rows, onOpen }: ViewProps) => (
 *   <ul>{rows.map((r) => <li key={String(r.id)} onClick={() => onOpen(r)}>{String(r.first_name)}</li>)}</ul>
 * );
 */
export interface ViewProps {
  rows: RecordData[];
  screen: ScreenDef<'list'>;
  sort?: string;
  onSort(field: string): void;
  onOpen(row: RecordData): void;
  /** A row action changed data: the list (and its totals) is read again. */
  onChanged?(): void;
}

/**
 * A way to show a list screen's rows; a host adds its own with `<SchemaApp listViews={{ 'x-board': Board }}>`.
 * @example
 * const Board: ListViewType = ({ rows, onOpen }) => (
 *   <ul>{rows.map((r) => <li key={String(r.id)} onClick={() => onOpen(r)}>{String(r.first_name)}</li>)}</ul>
 * );
 */
export type ListViewType = ComponentType<ViewProps>;

/**
 * What a cell type draws: one value of a record, its column and the record itself.
 * @example const Stars = ({ value }: CellProps) => <span>{'★'.repeat(Number(value))}</span>;
 */
export interface CellProps {
  value: unknown;
  column: ColumnDef;
  record: RecordData;
  /** Alternative text for an image value. */
  alt?: string;
}

/**
 * A column `type` drawn by a component rather than written as text. A host adds its own with
 * `<SchemaApp cellTypes={{ 'x-rating': Stars }}>` (schemas name host types with an `x-` prefix).
 * @example
 * const Stars: CellType = ({ value }) => <Rating value={Number(value)} readOnly />;
 * // <SchemaApp cellTypes={{ 'x-rating': Stars }}>, and a column's "type": "x-rating" draws it
 */
export type CellType = ComponentType<CellProps>;
