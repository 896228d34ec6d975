import { useMemo, useRef } from 'react';
import { columnSizingFeature, createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { fieldLabelKey, joinFields } from '../../core/format.js';
import type { ColumnDef, RecordData } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { Cell } from './Cell.js';
import type { ViewProps } from './types.js';

const features = tableFeatures({ columnSizingFeature });
const helper = createColumnHelper<typeof features, RecordData>();
const ROW_HEIGHT = 53;

/**
 * The table view: TanStack Table for the model, TanStack Virtual for the rows, MUI table parts for the look.
 * Only the rows in view are in the DOM, so a page of hundreds of rows scrolls as smoothly as one of 25.
 */
export default function TableView({ rows, screen, sort, onSort, onOpen }: ViewProps) {
  const { t } = useRenderer();
  const columns = useMemo(
    () =>
      (screen.columns ?? []).map((c: ColumnDef) =>
        helper.accessor((row) => row[c.field], {
          id: c.field,
          header: c.type === 'image' ? '' : t(fieldLabelKey(screen.resource, c)),
          size: c.width ?? 160,
          meta: c,
        } as never),
      ),
    [screen.columns, screen.resource, t],
  );
  const table = useTable({ features, columns, data: rows });
  const scrollRef = useRef<HTMLDivElement>(null);
  const modelRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const width = table.getTotalSize();
  const sortField = sort?.replace(/^-/, '');
  const title = screen.card?.title;

  return (
    <TableContainer ref={scrollRef} sx={{ maxHeight: '70vh' }} tabIndex={0} aria-label={t(screen.title)}>
      <Table stickyHeader size="medium" sx={{ minWidth: width, tableLayout: 'fixed' }}>
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const def = (screen.columns ?? []).find((c) => c.field === header.column.id)!;
                const label = String(header.column.columnDef.header ?? '');
                return (
                  <TableCell
                    key={header.id}
                    style={{ width: header.getSize() }}
                    // A heading wraps between words, and inside a word longer than its column ("Використано") rather
                    // than push the table wider than the screen.
                    sx={{ overflowWrap: 'anywhere', hyphens: 'auto' }}
                    sortDirection={sortField === def.field ? (sort?.startsWith('-') ? 'desc' : 'asc') : false}
                  >
                    {def.sortable ? (
                      <TableSortLabel
                        active={sortField === def.field}
                        direction={sort?.startsWith('-') ? 'desc' : 'asc'}
                        onClick={() => onSort(def.field)}
                      >
                        {label}
                      </TableSortLabel>
                    ) : (
                      label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {padTop > 0 && <TableRow aria-hidden style={{ height: padTop }} />}
          {items.map((item) => {
            const row = modelRows[item.index];
            return (
              <TableRow
                key={row.id}
                hover
                tabIndex={0}
                sx={{ cursor: 'pointer', height: ROW_HEIGHT }}
                onClick={() => onOpen(row.original)}
                onKeyDown={(e) => e.key === 'Enter' && onOpen(row.original)}
              >
                {row.getAllCells().map((cell) => {
                  const def = (screen.columns ?? []).find((c) => c.field === cell.column.id)!;
                  return (
                    <TableCell
                      key={cell.id}
                      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      <Cell column={def} record={row.original} alt={joinFields(row.original, title)} />
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
          {padBottom > 0 && <TableRow aria-hidden style={{ height: padBottom }} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
