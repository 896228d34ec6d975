import { useRenderer } from '../context.js';
import { RecordRows } from '../list/RecordRows.js';
import type { ViewProps } from './types.js';

/**
 * The `rows` view: every column and the row actions, a table on a desk and a card per row on a phone; the first
 * cell opens the row's screen. For lists whose rows are acted on (a refund, a checkout).
 */
export default function RowsView({ rows, screen, onChanged }: ViewProps) {
  const { t, manifest } = useRenderer();
  return (
    <RecordRows
      label={t(screen.title)}
      rows={rows}
      columns={screen.columns ?? []}
      resource={screen.resource}
      rowScreen={screen.rowScreen}
      rowActions={screen.rowActions}
      subject={manifest.resources[screen.resource]?.subject ?? ''}
      onChanged={() => onChanged?.()}
    />
  );
}
