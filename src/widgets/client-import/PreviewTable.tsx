import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useRenderer } from '@soloist/renderer';

export interface PreviewRow {
  row: number;
  values: Record<string, string | boolean | undefined>;
  errors: string[];
  duplicate: string | null;
}
export interface Preview {
  rows: PreviewRow[];
  importable: number;
  duplicates: number;
  invalid: number;
}

type T = ReturnType<typeof useRenderer>['t'];

/**
 * "Ready to import: 2 clients · With problems: 1 row": each count in its language's plural form (uk: one, few,
 * many); the rows left out and the rows with problems only when there are some.
 */
export const summaryOf = (t: T, preview: Preview): string =>
  [
    t('importScreen.counts.importable', { count: preview.importable }),
    preview.duplicates > 0 && t('importScreen.counts.duplicates', { count: preview.duplicates }),
    preview.invalid > 0 && t('importScreen.counts.invalid', { count: preview.invalid }),
  ]
    .filter(Boolean)
    .join(' · ');

/** The file's rows as they will be imported: phones as stored (E.164, with their "+"), a row with problems in red. */
export function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  const { t } = useRenderer();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('importScreen.rows')}>
        <TableHead>
          <TableRow>
            <TableCell component="th">{t('importScreen.row')}</TableCell>
            <TableCell component="th">{t('fields.clients.first_name')}</TableCell>
            <TableCell component="th">{t('fields.clients.last_name')}</TableCell>
            <TableCell component="th">{t('fields.clients.email')}</TableCell>
            <TableCell component="th">{t('fields.clients.phone')}</TableCell>
            <TableCell component="th">{t('importScreen.outcome')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const bad = r.errors.length > 0;
            return (
              <TableRow
                key={r.row}
                data-invalid={bad || undefined}
                sx={bad ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined}
              >
                <TableCell sx={bad ? { borderLeft: 4, borderLeftColor: 'error.main' } : undefined}>{r.row}</TableCell>
                <TableCell>{String(r.values.first_name ?? '')}</TableCell>
                <TableCell>{String(r.values.last_name ?? '')}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{String(r.values.email ?? '')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} dir="ltr">
                  {String(r.values.phone ?? '')}
                </TableCell>
                <TableCell>
                  {bad ? (
                    r.errors.map((e) => (
                      <Typography key={e} variant="body2" color="error">
                        {e}
                      </Typography>
                    ))
                  ) : r.duplicate ? (
                    <Chip size="small" label={r.duplicate} />
                  ) : (
                    <Chip size="small" color="success" variant="outlined" label={t('importScreen.ready')} />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
