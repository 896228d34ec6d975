import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  formatMoney,
  Link,
  routeFor,
  useCall,
  useDataProvider,
  useRenderer,
  useSearchParams,
  type ScreenWidget,
} from '@soloist/renderer';
import { RowCards } from '@soloist/renderer/mui';
import { ADVANCED, COLUMNS, kindOf, SUBJECTS, VIEWS, type DetailsAnswer, type View } from './views';

const PER_PAGE = 25;

/**
 * The rows behind an analytics view (`/analytics/details?view=…&key=…&from=…&to=…`): which view, and the bar or slice it
 * is narrowed to, can be changed here; the rows a page at a time, as a table or, on a phone, as cards; how many there
 * are and what they add up to; and the same rows as a CSV, Excel or PDF file.
 */
const AnalyticsDetails: ScreenWidget = () => {
  const { t, locale, manifest, can } = useRenderer();
  const provider = useDataProvider();
  const [query, setQuery] = useSearchParams();
  // A view the plan lacks (advanced reporting, asked for by address) opens as income, the view every plan has.
  const asked = query.get('view') as View;
  const open = VIEWS.includes(asked) && (!ADVANCED.includes(asked) || can('read', 'AdvancedReporting'));
  const view: View = open ? asked : 'income';
  const key = (open && query.get('key')) || undefined;
  const page = Math.max(1, Number(query.get('page')) || 1);
  const params = { view, key, from: query.get('from') ?? undefined, to: query.get('to') ?? undefined };
  const { data, error } = useCall<DetailsAnswer>('analytics.details', {
    query: { ...params, page, per_page: PER_PAGE },
  });
  const change = (next: Record<string, string | null>) =>
    setQuery((q) => {
      for (const [name, value] of Object.entries(next))
        if (value === null) q.delete(name);
        else q.set(name, value);
      return q;
    });
  const kind = kindOf(view);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const words = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
  const money = (amount: number) => formatMoney(amount, locale, data?.currency);
  const keyWords = (): string => {
    if (!key) return '';
    if (view === 'by_service')
      return key === 'none' ? t('analytics.details.noService') : ((data?.data[0]?.service as string) ?? '');
    if (view === 'by_method') return t(`exports.methods.${key}`, { defaultValue: key });
    if (view === 'appointments') return t(`enums.${key}`, { defaultValue: key });
    if (view === 'by_weekday')
      return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2023, 0, 1 + Number(key))),
      );
    if (view === 'by_hour') return `${key.padStart(2, '0')}:00`;
    if (view === 'days') return words(key);
    return t(`analytics.details.kinds.${key}`, { defaultValue: key });
  };
  const cells = (r: Record<string, unknown>) =>
    kind === 'ledger'
      ? [
          words(r.date as string),
          r.client || '—',
          r.service || '—',
          r.refund ? t('exports.refund') : t(`exports.types.${r.type as string}`, { defaultValue: r.type as string }),
          t(`exports.methods.${r.method as string}`, { defaultValue: r.method as string }),
          money(r.amount as number),
        ]
      : kind === 'visits'
        ? [
            words(r.date as string),
            r.start_time,
            r.client,
            r.service || '—',
            t(`enums.${r.status as string}`, { defaultValue: r.status as string }),
          ]
        : [
            r.client,
            r.visits,
            t(`analytics.details.kinds.${r.kind as string}`),
            t(r.retained ? 'list.yes' : 'list.no'),
          ];
  const exportHref = (format: string) => provider.url('analytics.details-export', { query: { ...params, format } });
  const analytics = routeFor(manifest, 'analytics.list');
  const back = query.get('from') ? `${analytics}?from=${query.get('from')}&to=${query.get('to') ?? ''}` : analytics;
  const views = VIEWS.filter((v) => !ADVANCED.includes(v) || can('read', 'AdvancedReporting'));
  const pages = data ? Math.ceil(data.meta.total / PER_PAGE) : 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('analytics.details.view')}
          value={view}
          onChange={(e) => change({ view: e.target.value, key: null, page: null })}
          sx={{ minWidth: 240 }}
        >
          {views.map((v) => (
            <MenuItem key={v} value={v}>
              {t(`analytics.details.views.${v}`)}
            </MenuItem>
          ))}
        </TextField>
        {key && (
          <Chip
            label={keyWords() || key}
            onDelete={() => change({ key: null, page: null })}
            aria-label={t('analytics.details.narrowedTo', { part: keyWords() || key })}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Link to={back}>{t('analytics.details.back')}</Link>
      </Box>
      {error ? (
        <Typography color="error">{error.message || t('app.loadFailed')}</Typography>
      ) : !data ? (
        <Skeleton variant="rectangular" height={280} />
      ) : (
        <>
          <Typography color="text.secondary">
            {t('analytics.details.period', { from: words(data.meta.from), to: words(data.meta.to) })} ·{' '}
            {t('analytics.details.count', { count: data.meta.total })}
            {kind === 'ledger' && ` · ${t('analytics.details.total')}: ${money(data.meta.sum)}`}
          </Typography>
          {data.data.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {t('analytics.details.empty')}
            </Typography>
          ) : (
            <RowCards
              label={t(`analytics.details.views.${view}`)}
              columns={COLUMNS[kind].map((c) => `analytics.details.columns.${c}`)}
              rows={data.data.map((r, i) => ({ key: `${r.id as number}-${i}`, cells: cells(r) as string[] }))}
            />
          )}
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_, p) => change({ page: String(p) })}
              getItemAriaLabel={(type, p) => t(`analytics.details.pageLabel.${type}`, { page: p })}
            />
          )}
          {data.meta.total > 0 && can('export', SUBJECTS[kind]) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {t('analytics.details.export')}:
              </Typography>
              {(['csv', 'xlsx', 'pdf'] as const).map((f) => (
                <Button key={f} size="small" variant="outlined" startIcon={<DownloadIcon />} href={exportHref(f)}>
                  {t(`analytics.details.formats.${f}`)}
                </Button>
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );
};

export default AnalyticsDetails;
