import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { routeFor } from '../../core/routes.js';
import type { ActionDef, ColumnDef, RecordData } from '../../core/types.js';
import { writesData } from '../../core/writes.js';
import { shownFor } from '../actions.js';
import { useRenderer } from '../context.js';
import { useNavigate } from '../router.js';
import { valueHostOf } from '../views/Cell.js';
import { ActionDialog } from './ActionDialog.js';
import { fillRow, rowQuery, rowTexts } from './row-values.js';

/** The row actions the caller may use on this row: its permission allows it and the row matches its `showWhen`. */
export function rowActionsFor(
  actions: ActionDef[],
  row: RecordData,
  can: (action: string, subject: string) => boolean,
  subject: string,
): ActionDef[] {
  return actions.filter((a) => (!a.permission || can(a.permission, a.subject ?? subject)) && shownFor(a, row));
}

/**
 * A row's buttons: `navigate` opens a screen with a query filled from the row (the checkout for its client), `call`
 * sends its path after a confirm if it declares one, and a call with a `dialog` asks its fields first (a refund's
 * amount and reason). `onChanged` follows a call, so the list and its totals are read again.
 */
export function RowActions({
  actions,
  row,
  columns,
  subject,
  onChanged,
}: {
  actions: ActionDef[];
  row: RecordData;
  columns: ColumnDef[];
  subject: string;
  onChanged(): void;
}) {
  const ctx = useRenderer();
  const { t, can, confirm, rest, notify, manifest, locale } = ctx;
  const navigate = useNavigate();
  const [open, setOpen] = useState<ActionDef | null>(null);
  const shown = rowActionsFor(actions, row, can, subject);
  if (shown.length === 0) return null;
  const host = valueHostOf(ctx, row);
  const texts = () => rowTexts(row, columns, t, locale, host);

  async function run(a: ActionDef) {
    if ((a.kind ?? 'navigate') === 'navigate') {
      navigate(routeFor(manifest, a.screen!, { id: row.id ?? '' }) + rowQuery(a.query, row));
      return;
    }
    if (a.dialog) return setOpen(a);
    const labels = a.confirmLabels && { confirm: t(a.confirmLabels.confirm), cancel: t(a.confirmLabels.cancel) };
    if (a.confirm && !(await confirm(t(a.confirm, texts()), labels))) return;
    try {
      const res = await rest.send<{ message?: string }>(a.method ?? 'POST', fillRow(a.path!, row), a.body);
      if (res?.message) notify(res.message, 'success');
      onChanged();
    } catch (err) {
      notify((err as Error).message || t('errors.server'), 'error');
    }
  }

  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {shown.map((a) => (
        <Button
          key={a.id}
          size="small"
          variant="outlined"
          color={a.method === 'DELETE' ? 'error' : 'primary'}
          data-action={a.id}
          disabled={ctx.readOnly && writesData(a, manifest.screens)}
          onClick={(e) => {
            e.stopPropagation();
            void run(a);
          }}
        >
          {t(a.label)}
        </Button>
      ))}
      {open?.dialog && (
        <ActionDialog
          action={open as ActionDef & { dialog: NonNullable<ActionDef['dialog']> }}
          row={row}
          currency={host.currency ?? ''}
          text={open.dialog.text ? t(open.dialog.text, texts()) : undefined}
          onClose={(done) => {
            setOpen(null);
            if (done) onChanged();
          }}
        />
      )}
    </Box>
  );
}
