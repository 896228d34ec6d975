import { useEffect, useMemo, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate, useSearchParams } from '../router.js';
import useSWR from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Alert from '@mui/material/Alert';
import { withCases } from '../../core/cases.js';
import { listRead, listState, PER_PAGE_OPTIONS, withChanges } from '../../core/list-state.js';
import { periodChoices, periodOf, todayIn } from '../../core/periods.js';
import type { Totals } from '../../core/totals.js';
import { query } from '../../core/rest.js';
import { routeFor } from '../../core/routes.js';
import { ofKind, type Paged, type RecordData } from '../../core/types.js';
import { writesData } from '../../core/writes.js';
import { runAction } from '../actions.js';
import { useRenderer } from '../context.js';
import { useDataProvider } from '../data.js';
import type { ScreenProps } from '../types.js';
import { defaultListViews } from '../views/list-views.js';
import { PHONE_QUERY } from '../views/RowCards.js';
import { ExportMenu } from '../list/ExportMenu.js';
import { ListPeriod } from '../list/ListPeriod.js';
import { ListTotals } from '../list/ListTotals.js';
import { loadFailedKey } from '../load-failed.js';

/** A list page's answer: its rows, and in `meta` the server's totals and the owner's tax year start. */
type ListPage = Paged<RecordData> & { meta: { totals?: Totals; tax_year_start?: string } };

/**
 * A resource list: a period, search, sort, tabs that are named filters, active/archived tabs, list/gallery/table/rows
 * views and paging, all kept in the URL; the server's totals in a summary row, row actions and an export menu.
 */
export default function ListScreen(props: ScreenProps) {
  const screen = ofKind(props.screen, 'list');
  const ctx = useRenderer();
  const { manifest, rest, t, can } = ctx;
  const provider = useDataProvider();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const info = manifest.resources[screen.resource];
  const views = screen.views ?? ['list'];
  const state = listState(screen, params, Boolean(info.archivable), useMediaQuery(PHONE_QUERY, { noSsr: true }));
  const { view, page, perPage, archived, sort, search, tab: tabIndex } = state;
  const [searchInput, setSearchInput] = useState(search);
  const [taxYearStart, setTaxYearStart] = useState<string | null>(null);
  const today = todayIn(ctx.formContext.timeZone as string | undefined);
  const period = screen.period ? periodOf(screen.period, params, today, taxYearStart) : {};
  const { shown, query: listQuery } = listRead(screen, state, info.path, period);

  const update = (changes: Record<string, string | undefined>) =>
    setParams((prev) => withChanges(prev, changes), { replace: true });

  // Search as the user types, once they pause.
  useEffect(() => {
    if (searchInput === search) return;
    const timer = setTimeout(() => update({ search: searchInput, page: undefined }), 300);
    return () => clearTimeout(timer);
  }, [searchInput]);

  // The page may carry this very read (its first screen's): the rows are then drawn in the first render.
  const carried = shown.path ? rest.peek(`${shown.path}${query(listQuery)}`) : undefined;
  const { data, error, isLoading, mutate } = useSWR(
    shown.path ? ['list', shown.path, JSON.stringify(listQuery)] : null,
    // The resource's own list through the data provider (a host's backend, a test's memory); a screen's `source`, an
    // address of the REST dialect, through its client.
    () =>
      shown.path === info.path
        ? (provider.getList(screen.resource, listQuery) as Promise<ListPage>)
        : rest.getList<ListPage>(shown.path!, listQuery),
    { keepPreviousData: true, fallbackData: carried?.status === 200 ? (carried.body as ListPage) : undefined },
  );
  const metaStart = data?.meta.tax_year_start ?? null;
  useEffect(() => {
    if (metaStart !== taxYearStart) setTaxYearStart(metaStart);
  }, [metaStart]);
  const exportParams = { search, ...period, ...(screen.tabs?.[tabIndex]?.params ?? {}) };
  // Every view (cards, gallery, table, a host's own) shows the columns' cases: rows are read as the columns show them.
  const rows = useMemo(() => (data?.data ?? []).map((r) => withCases(r, shown.columns)), [data, shown.columns]);
  const View = (ctx.listViews?.has(view) ? ctx.listViews : defaultListViews).get(view, `screens/${screen.id}#/views`);
  const subject = info.subject ?? '';
  const open = (row: RecordData) => shown.rowScreen && navigate(routeFor(manifest, shown.rowScreen, { id: row.id! }));

  return (
    <Box component="section" aria-labelledby="screen-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography id="screen-title" variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t(screen.title)}
        </Typography>
        {(screen.actions ?? [])
          .filter(
            (a) =>
              (!a.permission || can(a.permission, a.subject ?? subject)) &&
              (a.kind !== 'export' || info.operations.includes('export')),
          )
          .map((a) => (
            <Button
              key={a.id}
              data-tour={`action-${a.id}`}
              variant={a.kind === 'navigate' ? 'contained' : 'outlined'}
              disabled={ctx.readOnly && writesData(a, manifest.screens)}
              onClick={() =>
                void runAction(ctx, navigate, a, {
                  resource: screen.resource,
                  params: { search, archived: archived ? 1 : 0 },
                })
              }
            >
              {t(a.label)}
            </Button>
          ))}
        {screen.export && can(screen.export.permission ?? 'read', subject) && (
          <ExportMenu
            path={screen.export.path ?? `${info.path}/export`}
            formats={info.exportFormats ?? []}
            params={exportParams}
          />
        )}
      </Box>
      {screen.period && (
        <Box sx={{ mb: 2 }} data-tour="period">
          <ListPeriod
            def={screen.period}
            choices={periodChoices(today, taxYearStart)}
            from={period.from}
            to={period.to}
            onChange={(p) => update({ from: p.from, to: p.to, page: undefined })}
          />
        </Box>
      )}
      {screen.totals && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-tour="totals">
          <ListTotals defs={screen.totals} totals={data?.meta.totals} />
        </Paper>
      )}
      <Paper>
        {screen.tabs && (
          <Tabs
            value={tabIndex}
            onChange={(_, v: number) => update({ tab: v ? String(v) : undefined, page: undefined })}
            data-tour="tabs"
            aria-label={t(screen.title)}
            variant="scrollable"
            sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
          >
            {screen.tabs.map((tab, i) => (
              <Tab key={tab.label} label={t(tab.label)} id={`tab-${i}`} aria-controls="list-panel" />
            ))}
          </Tabs>
        )}
        {screen.archiveTabs && (
          <Tabs
            value={archived ? 1 : 0}
            onChange={(_, v: number) => update({ archived: v ? '1' : undefined, page: undefined })}
            data-tour="archive-tabs"
            aria-label={t(screen.title)}
            sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
          >
            <Tab label={t('list.tabs.active')} id="tab-active" aria-controls="list-panel" />
            <Tab label={t('list.tabs.archived')} id="tab-archived" aria-controls="list-panel" />
          </Tabs>
        )}
        {/* Search and the views' switch; a list with neither has no empty strip above its rows. */}
        {(screen.searchable || views.length > 1) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
            {screen.searchable && (
              <TextField
                type="search"
                data-tour="search"
                size="small"
                label={t('list.search')}
                value={searchInput}
                onChange={(e) => setSearchInput(e.target.value)}
                sx={{ flex: '1 1 240px', maxWidth: 420 }}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" aria-hidden />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            )}
            {views.length > 1 && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={view}
                onChange={(_, v: string | null) => v && update({ view: v })}
                aria-label={t('list.views.label')}
                data-tour="views"
                sx={{ ml: 'auto' }}
              >
                {views.map((v) => (
                  <ToggleButton key={v} value={v} aria-label={t(`list.views.${v}`)}>
                    {t(`list.views.${v}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          </Box>
        )}
        <Box
          id="list-panel"
          role={screen.tabs || screen.archiveTabs ? 'tabpanel' : undefined}
          aria-labelledby={
            screen.tabs
              ? `tab-${tabIndex}`
              : screen.archiveTabs
                ? archived
                  ? 'tab-archived'
                  : 'tab-active'
                : undefined
          }
          aria-busy={isLoading}
          data-tour="rows"
        >
          {isLoading && !data ? (
            <Box sx={{ p: 2 }} role="status" aria-label={t('app.loading')}>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height={56} />
              ))}
            </Box>
          ) : error ? (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" onClick={() => void mutate()}>
                  {t('app.retry')}
                </Button>
              }
            >
              {t(loadFailedKey(ctx.readOnly))}
            </Alert>
          ) : rows.length === 0 ? (
            <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
              {search ? t('list.noResults', { search }) : t(screen.empty ?? 'detail.empty')}
            </Typography>
          ) : (
            <>
              {isLoading && <LinearProgress />}
              <View
                rows={rows}
                screen={{ ...screen, ...shown, source: shown.path ?? undefined }}
                onChanged={() => void mutate()}
                sort={sort}
                onOpen={open}
                onSort={(f) => update({ sort: sort === f ? `-${f}` : f, page: undefined })}
              />
            </>
          )}
        </Box>
        {data && data.meta.total > 0 && (
          <TablePagination
            component="div"
            count={data.meta.total}
            page={page - 1}
            rowsPerPage={data.meta.per_page ?? perPage}
            rowsPerPageOptions={shown.path === info.path ? PER_PAGE_OPTIONS : []}
            onPageChange={(_, p) => update({ page: p > 0 ? String(p + 1) : undefined })}
            onRowsPerPageChange={(e) => update({ per_page: e.target.value, page: undefined })}
            labelRowsPerPage={t('list.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('list.range', { from, to, count })}
            getItemAriaLabel={(type) => t(type === 'next' ? 'list.next' : 'list.previous')}
            // On a phone the controls wrap onto a second line rather than push the arrows off the screen.
            sx={{
              '& .MuiTablePagination-toolbar': {
                flexWrap: 'wrap',
                justifyContent: 'flex-end',
                rowGap: 0.5,
                pl: { xs: 1, sm: 2 },
              },
              '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
            }}
          />
        )}
      </Paper>
    </Box>
  );
}
