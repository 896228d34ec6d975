import { useMemo } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useRenderer, useSearchParams, type ScreenWidget } from '../../../renderer';
import { todayIn } from '../../domain/dates';
import { taxYearOf } from '../../domain/expenses';
import { NET_INCOME_PERIODS, type NetIncomeRow } from '../../domain/net-income';
import { useWidgetHost } from '../host';
import { MoneyRows } from '../money/MoneyRows';
import { currencyFrom, dayInWords, moneyIn } from '../money/shared';

interface Answer {
  from: string;
  to: string;
  rows: NetIncomeRow[];
  total: { income: number; expenses: number; mileage: number; net: number };
}

/** A tax year's first day moved by whole years. */
const shiftYear = (from: string, by: number) => `${Number(from.slice(0, 4)) + by}${from.slice(4)}`;

/**
 * Net income (spec §2 /financials/net-income): a tax year's income less expenses and mileage, by month, quarter or
 * the whole year, with the year's totals; the year and the grouping are kept in the address (`?year=&period=`).
 */
const NetIncome: ScreenWidget = () => {
  const { rest, t, locale, formContext } = useRenderer();
  const { user } = useWidgetHost();
  const [query, setQuery] = useSearchParams();
  const money = useMemo(() => moneyIn(locale, currencyFrom(formContext)), [locale, formContext]);
  const current = taxYearOf(todayIn(user?.calendarSettings?.time_zone ?? 'UTC'));
  const from = /^\d{4}-\d{2}-\d{2}$/.test(query.get('year') ?? '') ? query.get('year')! : current.from;
  const to = taxYearOf(from).to;
  const period = (NET_INCOME_PERIODS as readonly string[]).includes(query.get('period') ?? '')
    ? query.get('period')!
    : 'month';
  const set = (patch: Record<string, string>) =>
    setQuery((q) => {
      for (const [k, v] of Object.entries(patch)) q.set(k, v);
      return q;
    });
  const { data, error, isLoading } = useSWR(['net-income', from, period], () =>
    rest.getJson<Answer>(`/api/v1/payments/net-income?from=${from}&to=${to}&period=${period}`),
  );
  const label = (r: NetIncomeRow) =>
    period === 'month'
      ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${r.from}T00:00:00Z`),
        )
      : `${dayInWords(r.from, locale)} – ${dayInWords(r.to, locale)}`;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button onClick={() => set({ year: shiftYear(from, -1) })}>{t('netIncome.earlier')}</Button>
        {/* On a phone the year reads on its own line, the two buttons under it at either side. */}
        <Typography
          component="h2"
          variant="subtitle1"
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 auto' }, order: { xs: -1, sm: 0 }, textAlign: 'center' }}
        >
          {t('netIncome.taxYear', { from: dayInWords(from, locale), to: dayInWords(to, locale) })}
        </Typography>
        <Button sx={{ ml: 'auto' }} disabled={from >= current.from} onClick={() => set({ year: shiftYear(from, 1) })}>
          {t('netIncome.later')}
        </Button>
      </Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={period}
        onChange={(_, v: string | null) => v && set({ period: v })}
        aria-label={t('netIncome.by')}
        // On the page's grey, the unchosen labels need a darker grey to read at 4.5:1.
        sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'rgba(0, 0, 0, 0.72)' } }}
      >
        {NET_INCOME_PERIODS.map((p) => (
          <ToggleButton key={p} value={p}>
            {t(`netIncome.periods.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
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
