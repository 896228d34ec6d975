import { Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from '../router';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { Loading } from '../Loading';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fieldLabelKey, formatFields, joinFields } from '../../core/format';
import { HttpError } from '../../core/rest';
import { routeFor } from '../../core/routes';
import { ofKind, type Paged, type RecordData, type RelatedDef, type ScreenDef } from '../../core/types';
import { runAction, shownFor } from '../actions';
import { useRenderer, type DetailWidgetApi } from '../context';
import { ScreenErrorBoundary } from '../ScreenErrorBoundary';
import type { ScreenProps } from '../types';
import { Cell, valueHostOf } from '../views/Cell';
import { RowCards } from '../views/RowCards';
import { NotFound } from './NotFound';

function RelatedList({ path, related, resource }: { path: string; related: RelatedDef; resource?: string }) {
  const { rest, t, manifest } = useRenderer();
  const [page, setPage] = useState(1);
  const paged = page > 1 ? `${path}${path.includes('?') ? '&' : '?'}page=${page}` : path;
  const { data, error } = useSWR(['related', paged], () => rest.getJson<Paged<RecordData>>(paged), {
    keepPreviousData: true,
  });
  const last = data?.meta?.last_page ?? 1;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t(related.title)}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t(related.title)}
      </Typography>
      {error ? (
        <Alert severity="error">{t('app.loadFailed')}</Alert>
      ) : !data ? (
        <Loading label={t('app.loading')} inline />
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t(related.empty ?? 'detail.empty')}
        </Typography>
      ) : (
        <RowCards
          label={t(related.title)}
          columns={related.columns.map((c) => fieldLabelKey(resource, c))}
          rows={data.data.map((row) => ({
            key: String(row.id),
            cells: related.columns.map((c, i) =>
              // The first cell opens the row's own page, when the list names one (a sale, an invoice).
              i === 0 && related.rowScreen ? (
                <Link key={c.field} to={routeFor(manifest, related.rowScreen, { id: row.id! })}>
                  <Cell column={c} record={row} />
                </Link>
              ) : (
                <Cell key={c.field} column={c} record={row} />
              ),
            ),
          }))}
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

/** A related list's own source with the record's id in place of `{id}`: "/api/v1/payments?client_id={id}". */
export const relatedSource = (source: string, id: unknown): string =>
  source.replace(/\{id\}/g, encodeURIComponent(String(id)));

/** A section's hand-written widget, by the name the section gives, with the record. */
function SectionWidget({
  screen,
  name,
  path,
  detail,
}: {
  screen: ScreenDef;
  name: string;
  path: string;
  detail: DetailWidgetApi;
}) {
  const Widget = useRenderer().screenWidgets.get(name, path);
  return <Widget screen={screen} detail={detail} />;
}

/** One record: header, sections of fields or widgets, related lists, and the screen's actions. */
export default function DetailScreen(props: ScreenProps) {
  const screen = ofKind(props.screen, 'detail');
  const ctx = useRenderer();
  const { manifest, rest, t, can } = ctx;
  const navigate = useNavigate();
  const { id } = useParams();
  const { mutate: mutateCache } = useSWRConfig();
  const info = manifest.resources[screen.resource];
  const { data, error } = useSWR(['record', info.path, id], () => rest.getOne<RecordData>(info.path!, id!));
  if (error) {
    if (error instanceof HttpError && error.status === 404) return <NotFound screen={screen} />;
    return <Alert severity="error">{t('app.loadFailed')}</Alert>;
  }
  if (!data) return <Loading label={t('app.loading')} />;
  const record = data.data;
  const header = screen.header ?? {};
  const title = joinFields(record, header.title) || t(screen.title);
  const subject = info.subject ?? '';
  const writable = Object.keys(screen.record?.properties ?? {}).filter((f) => !screen.record?.properties?.[f].readOnly);
  const listScreen = manifest.screens.find((s) => s.kind === 'list' && s.resource === screen.resource);
  const actions = (screen.actions ?? []).filter((a) => {
    if (a.permission && !can(a.permission, a.subject ?? subject)) return false;
    if (!shownFor(a, record)) return false;
    if (a.kind === 'archive') return info.archivable && !record.archived;
    if (a.kind === 'restore') return info.archivable && Boolean(record.archived);
    return true;
  });

  async function act(action: (typeof actions)[number]) {
    const changed = await runAction(
      ctx,
      navigate,
      action,
      { resource: screen.resource, record, writable },
      mutateCache,
    );
    if (!changed) return;
    const gone = action.kind === 'delete' || (action.kind === 'call' && action.method === 'DELETE');
    // A call changed the record (sent, cancelled, paid): read it again.
    if (action.kind === 'call' && !gone) await mutateCache(['record', info.path, id]);
    if (gone) navigate(listScreen ? routeFor(manifest, listScreen.id) : '/', { replace: true });
  }

  return (
    // minmax(0, 1fr) everywhere: a grid column never grows past the screen for a long value (an email on a phone).
    <Box
      component="article"
      aria-labelledby="record-title"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Paper sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {header.image && (
          <Avatar src={(record[header.image] as string) || undefined} alt="" sx={{ width: 72, height: 72 }}>
            {title.slice(0, 1)}
          </Avatar>
        )}
        {/* A long email or name wraps inside the card instead of widening the page on a phone. */}
        <Box sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography id="record-title" variant="h5" component="h1">
            {title} {record.archived ? <Chip size="small" label={t('detail.archived')} sx={{ ml: 1 }} /> : null}
          </Typography>
          <Typography color="text.secondary">
            {formatFields(
              record,
              header.subtitle,
              (screen.sections ?? []).flatMap((s) => s.fields ?? []),
              t,
              ctx.locale,
              valueHostOf(ctx),
            )}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {actions.map((a) => (
            <Button
              key={a.id}
              variant={a.kind === 'navigate' ? 'contained' : 'outlined'}
              color={a.kind === 'delete' ? 'error' : 'primary'}
              onClick={() => void act(a)}
            >
              {t(a.label)}
            </Button>
          ))}
        </Box>
      </Paper>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {(screen.sections ?? []).map((section, i, sections) => (
          <Paper
            key={section.title}
            // A widget's section spans the screen's width: a review or a chart needs the room. So does the last of an
            // odd number of sections, rather than leaving half of a wide screen empty beside it (a message's one).
            sx={{
              p: 2,
              gridColumn:
                section.widget || (i === sections.length - 1 && sections.filter((s) => !s.widget).length % 2 === 1)
                  ? '1 / -1'
                  : undefined,
            }}
            component="section"
            aria-label={t(section.title)}
          >
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {t(section.title)}
            </Typography>
            {section.widget ? (
              <ScreenErrorBoundary t={t}>
                <Suspense fallback={<Loading label={t('app.loading')} />}>
                  <SectionWidget
                    screen={screen}
                    name={section.widget}
                    path={`screens/${screen.id}#/sections/${i}/widget`}
                    detail={{ record, refresh: () => mutateCache(['record', info.path, id]) }}
                  />
                </Suspense>
              </ScreenErrorBoundary>
            ) : (
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(96px, 40%) minmax(0, 1fr)',
                  rowGap: 1,
                  columnGap: 2,
                }}
              >
                {(section.fields ?? []).map((c) => (
                  <Box key={c.field} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(fieldLabelKey(screen.resource, c))}
                    </Typography>
                    {/* pre-line: an address or bank details keep their lines. */}
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
                    >
                      <Cell column={c} record={record} />
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </Paper>
        ))}
      </Box>
      {(screen.related ?? []).length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            // One related list a row: side by side, a half-width card could not show all of a table's columns.
            gridTemplateColumns: 'minmax(0, 1fr)',
          }}
        >
          {screen.related!.map((r) => (
            <RelatedList
              key={r.id}
              path={r.source ? relatedSource(r.source, record.id) : `${info.path}/${r.id}/${record.id}`}
              related={r}
              resource={screen.resource}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
