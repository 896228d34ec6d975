import { lazy, Suspense, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ExportMenu } from '@soloist/renderer/mui';
import {
  toMajor,
  toMinor,
  useCall,
  useDataProvider,
  useRenderer,
  useSearchParams,
  type ScreenWidget,
} from '@soloist/renderer';
import { NET_INCOME_PERIODS, type NetIncomeRow } from '../../domain/net-income';
import { MoneyRows } from '../money/MoneyRows';
import { currencyFrom, dayInWords, moneyIn } from '../money/shared';

/** The files net income is exported as (spec §3: Excel, CSV or PDF). */
const NET_INCOME_EXPORTS = ['xlsx', 'csv', 'pdf'];

interface Answer {
  from: string;
  to: string;
  rows: NetIncomeRow[];
  total: { income: number; expenses: number; mileage: number; net: number };
  /** The tax year today is in. */
  current: { from: string; to: string };
}

/** The chart is its own chunk: nivo loads only when net income is shown. */
const NetIncomeChart = lazy(() => import('./NetIncomeChart'));

/**
 * Net income (spec §2 /financials/net-income): a tax year's income less expenses and mileage, by month, quarter or
 * the whole year, with the year's totals and a chart; the year (the one it starts in) and the grouping are kept in
 * the address (`?year=&period=`). The server knows when the owner's tax year starts: it answers the year's days.
 */
const NetIncome: ScreenWidget = () => {
  const { t, locale, formContext } = useRenderer();
  const provider = useDataProvider();
  const [query, setQuery] = useSearchParams();
  const currency = currencyFrom(formContext);
  const money = useMemo(() => moneyIn(locale, currency), [locale, currency]);
  const year = /^\d{4}$/.test(query.get('year') ?? '') ? query.get('year') : null;
  const period = (NET_INCOME_PERIODS as readonly string[]).includes(query.get('period') ?? '')
    ? query.get('period')!
    : 'month';
  const set = (patch: Record<string, string>) =>
    setQuery((q) => {
      for (const [k, v] of Object.entries(patch)) q.set(k, v);
      return q;
    });
  const { data, error, isLoading } = useCall<Answer>(
    'payments.net-income',
    { query: { period, year: year || undefined } },
    { keepPreviousData: true },
  );
  const shown = data?.from.slice(0, 4);
  const move = (by: number) => shown && set({ year: String(Number(shown) + by) });
  /** A period as the chart's axis names it: the month's short name, the quarter, or the tax year. */
  const short = (r: NetIncomeRow) =>
    period === 'month'
      ? // With the year: a tax year has two Aprils (its first days and its last).
        new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
          new Date(`${r.from}T00:00:00Z`),
        )
      : period === 'quarter'
        ? r.period.slice(-2)
        : r.period;
  const label = (r: NetIncomeRow) =>
    period === 'month'
      ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${r.from}T00:00:00Z`),
        )
      : `${dayInWords(r.from, locale)} – ${dayInWords(r.to, locale)}`;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button disabled={!data} onClick={() => move(-1)}>
          {t('netIncome.earlier')}
        </Button>
        {/* On a phone the year reads on its own line, the two buttons under it at either side. */}
        <Typography
          component="h2"
          variant="subtitle1"
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 auto' }, order: { xs: -1, sm: 0 }, textAlign: 'center' }}
        >
          {data ? t('netIncome.taxYear', { from: dayInWords(data.from, locale), to: dayInWords(data.to, locale) }) : ''}
        </Typography>
        <Button sx={{ ml: 'auto' }} disabled={!data || data.from >= data.current.from} onClick={() => move(1)}>
          {t('netIncome.later')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={period}
          onChange={(_, v: string | null) => v && set({ period: v })}
          aria-label={t('netIncome.by')}
          data-tour="net-income-periods"
          // On the page's grey, the unchosen labels need a darker grey to read at 4.5:1.
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'rgba(0, 0, 0, 0.72)' } }}
        >
          {NET_INCOME_PERIODS.map((p) => (
            <ToggleButton key={p} value={p}>
              {t(`netIncome.periods.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {data && (
          <ExportMenu
            path={provider.url('payments.net-income-export')}
            formats={NET_INCOME_EXPORTS}
            params={{ from: data.from, to: data.to, period }}
          />
        )}
      </Box>
      {isLoading && <LinearProgress aria-label={t('app.loading')} />}
      {error && <Alert severity="error">{t('app.loadFailed')}</Alert>}
      {data && (
        <>
          <Paper variant="outlined" component="section" aria-label={t('netIncome.total')} sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('netIncome.total')}
            </Typography>
            <Typography variant="h5" component="p" data-total="net" color={data.total.net < 0 ? 'error' : undefined}>
              {money(data.total.net)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('netIncome.made', {
                income: money(data.total.income),
                expenses: money(data.total.expenses),
                mileage: money(data.total.mileage),
              })}
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ p: 1 }}>
            <Suspense fallback={<Box sx={{ height: 260 }} role="progressbar" aria-label={t('app.loading')} />}>
              <NetIncomeChart
                key={period}
                bars={data.rows.map((r) => ({
                  label: short(r),
                  income: toMajor(r.income, currency),
                  costs: toMajor(r.expenses + r.mileage, currency),
                }))}
                money={(major) => money(toMinor(major, currency))}
                names={{ income: t('netIncome.income'), costs: t('netIncome.costs') }}
                summary={t('netIncome.chart', {
                  income: money(data.total.income),
                  costs: money(data.total.expenses + data.total.mileage),
                })}
              />
            </Suspense>
          </Paper>
          <MoneyRows
            label={t('netIncome.byPeriod')}
            columns={[
              'netIncome.period',
              'netIncome.income',
              'netIncome.expenses',
              'netIncome.mileage',
              'netIncome.net',
            ]}
            rows={data.rows.map((r) => ({
              key: r.period,
              testId: `net-${r.period}`,
              cells: [label(r), money(r.income), money(r.expenses), money(r.mileage), <b key="n">{money(r.net)}</b>],
            }))}
          />
        </>
      )}
    </Box>
  );
};

export default NetIncome;
