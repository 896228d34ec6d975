import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { downloadFile } from '../actions.js';
import { useRenderer } from '../context.js';

/**
 * A list's Export menu: a file of what the list shows (`params`: its period, search and tab) in each format the
 * resource declares, made by `path` (POST `{ format, …params }`) and saved under the name the server gives. While it
 * is made the button says so; a failure is told in a toast.
 * @example <ExportMenu path="/api/v1/clients/export" formats={['csv', 'xlsx']} params={{ search: 'ann' }} />
 */
export function ExportMenu({
  path,
  formats,
  params,
}: {
  path: string;
  formats: string[];
  params: Record<string, string | number | undefined>;
}) {
  const { rest, t, notify } = useRenderer();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  if (formats.length === 0) return null;
  const run = async (format: string) => {
    setAnchor(null);
    setBusy(true);
    try {
      const body = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
      await downloadFile(rest, path, { format, ...body });
    } catch {
      notify(t('list.exportFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        data-tour="export"
        aria-haspopup="menu"
        aria-busy={busy}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {busy ? t('list.exporting') : t('list.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {formats.map((f) => (
          <MenuItem key={f} onClick={() => void run(f)}>
            {t(`list.exportAs.${f}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
