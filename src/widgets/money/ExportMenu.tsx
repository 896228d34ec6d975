import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { downloadFile, useRenderer } from '../../../renderer';

export const EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * A money list's Export control: Excel, CSV or PDF of what the list shows, made by `path` (POST, spec §3) from
 * `filters` (the list's period, search, and tab), saved as the file the server names. While the file is made the
 * button says so; a failure is told in a toast.
 */
export function ExportMenu({ path, filters }: { path: string; filters: Record<string, string | null> }) {
  const { rest, t, notify } = useRenderer();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadFile(rest, path, { format, ...filters });
    } catch {
      notify(t('money.exportFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-busy={busy}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {busy ? t('money.exporting') : t('money.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((f) => (
          <MenuItem key={f} onClick={() => void run(f)}>
            {t(`money.exportAs.${f}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A list's search as an export's: an empty search is none. */
export const searchOf = (search: string): string | null => search.trim() || null;
