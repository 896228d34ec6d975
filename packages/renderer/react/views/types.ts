import type { ComponentType } from 'react';
import type { ColumnDef, RecordData, ScreenDef } from '../../core/types.js';

/** What a list view (list, gallery, table, or a host's own) is given: the page of rows and how to sort and open. */
export interface ViewProps {
  rows: RecordData[];
  screen: ScreenDef<'list'>;
  sort?: string;
  onSort(field: string): void;
  onOpen(row: RecordData): void;
  /** A row action changed data: the list (and its totals) is read again. */
  onChanged?(): void;
}

/** A way to show a list screen's rows; a host adds its own with `<SchemaApp listViews={{ 'x-board': Board }}>`. */
export type ListViewType = ComponentType<ViewProps>;

/** What a cell type draws: one value of a record, its column and the record itself. */
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
 */
export type CellType = ComponentType<CellProps>;
