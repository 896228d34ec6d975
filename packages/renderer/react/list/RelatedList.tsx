import { useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Totals } from '../../core/totals.js';
import type { Paged, RecordData, RelatedDef } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { Loading } from '../Loading.js';
import { ListTotals } from './ListTotals.js';
import { RecordRows } from './RecordRows.js';
import { loadFailedKey } from '../load-failed.js';

/** A related list's own source with the record's id in place of `{id}`: "/api/v1/payments?client_id={id}". */
export const relatedSource = (source: string, id: unknown): string =>
  source.replace(/\{id\}/g, encodeURIComponent(String(id)));

/** A related list's page: its rows, and the server's totals of them all in `meta`. */
type RelatedPage = Paged<RecordData> & { meta: { totals?: Totals } };

/**
 * A detail's related list, a page at a time: its rows as a list's `rows` view draws them (row actions included) and
 * the server's totals of them all.
 */
export function RelatedList({
  path,
  related,
  resource,
  subject,
}: {
  path: string;
  related: RelatedDef;
  resource?: string;
  subject: string;
}) {
  const { rest, t, readOnly } = useRenderer();
  const [page, setPage] = useState(1);
  const paged = page > 1 ? `${path}${path.includes('?') ? '&' : '?'}page=${page}` : path;
  const { data, error, mutate } = useSWR(['related', paged], () => rest.getJson<RelatedPage>(paged), {
    keepPreviousData: true,
  });
  const last = data?.meta?.last_page ?? 1;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t(related.title)}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t(related.title)}
      </Typography>
      {related.totals && (
        <Box sx={{ mb: 1 }}>
          <ListTotals defs={related.totals} totals={data?.meta?.totals} />
        </Box>
      )}
      {error ? (
        <Alert severity="error">{t(loadFailedKey(readOnly))}</Alert>
      ) : !data ? (
        <Loading label={t('app.loading')} inline />
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t(related.empty ?? 'detail.empty')}
        </Typography>
      ) : (
        <RecordRows
          label={t(related.title)}
          rows={data.data}
          columns={related.columns}
          resource={resource}
          rowScreen={related.rowScreen}
          rowActions={related.rowActions}
          subject={subject}
          onChanged={() => void mutate()}
        />
      )}
      {/* A long history is read a page at a time, as the lists are. */}
      {last > 1 && (
        <Pagination
          sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}
          size="small"
          count={last}
          page={page}
          onChange={(_, p) => setPage(p)}
          aria-label={t('detail.pages', { title: t(related.title) })}
          getItemAriaLabel={(type, n) =>
            type === 'page'
              ? t('detail.page', { page: n })
              : t(type === 'next' ? 'detail.nextPage' : 'detail.previousPage')
          }
        />
      )}
    </Paper>
  );
}
