import { fieldLabelKey } from '../../core/format.js';
import { routeFor } from '../../core/routes.js';
import type { ActionDef, ColumnDef, RecordData } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { Link } from '../router.js';
import { Cell } from '../views/Cell.js';
import { RowCards } from '../views/RowCards.js';
import { RowActions } from './RowActions.js';

/**
 * Records as rows of their columns: a table on a desk, a card per row on a phone (each value under its column's
 * name). The first cell opens `rowScreen`; the row's actions (`rowActions`) close each row. A list screen's `rows`
 * view and a detail's related lists draw their rows with it.
 */
export function RecordRows({
  label,
  rows,
  columns,
  resource,
  rowScreen,
  rowActions = [],
  subject = '',
  onChanged,
}: {
  label: string;
  rows: RecordData[];
  columns: ColumnDef[];
  resource?: string;
  rowScreen?: string;
  rowActions?: ActionDef[];
  subject?: string;
  onChanged(): void;
}) {
  const { manifest } = useRenderer();
  const withActions = rowActions.length > 0;
  return (
    <RowCards
      label={label}
      columns={[...columns.map((c) => fieldLabelKey(resource, c)), ...(withActions ? [''] : [])]}
      rows={rows.map((row, r) => ({
        // Rows of two kinds may share an id (an appointment and a class seat): the key is the row's place too.
        key: `${r}-${String(row.id ?? '')}`,
        testId: row.id !== undefined ? `row-${row.id}` : undefined,
        cells: [
          ...columns.map((c, i) =>
            i === 0 && rowScreen ? (
              <Link key={c.field} to={routeFor(manifest, rowScreen, { id: row.id! })}>
                <Cell column={c} record={row} />
              </Link>
            ) : (
              <Cell key={c.field} column={c} record={row} />
            ),
          ),
          ...(withActions
            ? [
                <RowActions
                  key="actions"
                  actions={rowActions}
                  row={row}
                  columns={columns}
                  subject={subject}
                  onChanged={onChanged}
                />,
              ]
            : []),
        ],
      }))}
    />
  );
}
