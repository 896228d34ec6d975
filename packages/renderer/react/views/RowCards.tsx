import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRenderer } from '../context.js';
import { SR_ONLY } from '../sr-only.js';

/**
 * One row drawn as a card on a phone: its key, its title and the lines and actions under it.
 * @example const row: RowCard = { key: 7, testId: 'payment-7', cells: ['6 Apr 2027', '£35.00', <Refund id={7} />] };
 */
export interface RowCard {
  key: number | string;
  testId?: string;
  cells: ReactNode[];
}

/**
 * A phone's width: below it, rows are cards.
 * @example const phone = useMediaQuery(PHONE_QUERY); // true below 768 px
 */
export const PHONE_QUERY = '(max-width: 767.95px)';

/**
 * Rows of a list: a table on wide screens; on a phone each row a card, its cells under their column names
 * (a column without a name, such as the row's actions, at the card's foot). Columns are i18n keys.
 * @example <RowCards label="Payments" columns={['fields.payments.date', 'fields.payments.amount', '']} rows={rows} />
 */
export function RowCards({ label, columns, rows }: { label: string; columns: string[]; rows: RowCard[] }) {
  const { t } = useRenderer();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  if (phone)
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {rows.map((r) => (
          <Paper component="li" variant="outlined" key={r.key} data-testid={r.testId} sx={{ p: 1.5 }}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
            >
              {columns.map((c, i) =>
                c ? (
                  <Box key={c} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(c)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', minWidth: 0 }}>
                      {r.cells[i]}
                    </Typography>
                  </Box>
                ) : null,
              )}
            </Box>
            {columns.map((c, i) =>
              !c && r.cells[i] ? (
                <Box key={i} sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
                  {r.cells[i]}
                </Box>
              ) : null,
            )}
          </Paper>
        ))}
      </Box>
    );
  return (
    // Focusable, so a keyboard can scroll a table wider than the screen (as the list's table view is).
    // Named as a group: a div may carry a name only with a role (a region would be a second landmark of the name).
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ overflowX: 'auto' }}
      tabIndex={0}
      role="group"
      aria-label={label}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={c || i}>
                {c ? (
                  t(c)
                ) : (
                  <Box component="span" sx={SR_ONLY}>
                    {t('list.actions')}
                  </Box>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key} data-testid={r.testId} hover>
              {r.cells.map((cell, i) => (
                <TableCell key={i} sx={{ whiteSpace: i === 0 ? 'nowrap' : undefined }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
