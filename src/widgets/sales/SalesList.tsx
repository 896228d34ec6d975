import { useMemo } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link, useRenderer, type ScreenWidget } from '../../../renderer';
import { PeriodFilter, Pages, useMoneyQuery } from '../money/filters';
import { ExportMenu, searchOf } from '../money/ExportMenu';
import { MoneyRows } from '../money/MoneyRows';
import { query } from '../money/query';
import { clientName, currencyFrom, dayInWords, moneyIn, type Page } from '../money/shared';
import { salePaid, saleTotal, type Sale } from './sale';

/** Sales (spec §2 /sales-and-products/sales/list): what was sold at the till in a period, by client, newest first. */
const SalesList: ScreenWidget = () => {
  const { rest, t, locale, formContext } = useRenderer();
  const [q, set] = useMoneyQuery();
  const money = useMemo(() => moneyIn(locale, currencyFrom(formContext)), [locale, formContext]);
  const url = `/api/v1/sales${query({ page: q.page, from: q.from, to: q.to, search: q.search })}`;
  const { data, error, isLoading } = useSWR(['sales', url], () => rest.getJson<Page<Sale>>(url), {
    keepPreviousData: true,
  });
  const rows = data?.data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ExportMenu path="/api/v1/sales/export" filters={{ from: q.from, to: q.to, search: searchOf(q.search) }} />
      </Box>
      <PeriodFilter from={q.from} to={q.to} search={q.search} onChange={set} />
      {isLoading && <LinearProgress aria-label={t('app.loading')} />}
      {error && <Alert severity="error">{t('app.loadFailed')}</Alert>}
      {data && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('money.noSales')}</Typography>
        </Paper>
      )}
      {rows.length > 0 && (
        <MoneyRows
          label={t('money.sales')}
          columns={['money.date', 'money.client', 'money.items', 'money.total', 'money.paid', 'money.left']}
          rows={rows.map((s) => {
            const inMoney = s.currency ? moneyIn(locale, s.currency) : money;
            const left = s.left_to_pay ?? (s.refunded || s.cancelled_at ? 0 : Math.max(0, saleTotal(s) - salePaid(s)));
            return {
              key: s.id,
              testId: `sale-${s.id}`,
              cells: [
                <Link key="d" to={`/sales-and-products/sales/${s.id}`}>
                  {dayInWords(s.date, locale)}
                </Link>,
                s.client ? <Link to={`/clients/${s.client.id}`}>{clientName(s.client)}</Link> : '—',
                (s.items ?? []).map((i) => `${i.quantity} × ${i.title}`).join(', ') || '—',
                <Box key="t" component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {inMoney(saleTotal(s))}
                  {s.refunded && <Chip size="small" color="warning" label={t('money.refundedChip')} sx={{ ml: 1 }} />}
                  {s.cancelled_at && <Chip size="small" label={t('money.cancelledChip')} sx={{ ml: 1 }} />}
                </Box>,
                <Box key="p" component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {inMoney(salePaid(s))}
                </Box>,
                // Something still owed stands out: a part-paid sale is not like the others.
                <Box
                  key="l"
                  component="span"
                  data-left={left > 0 ? 'owed' : 'none'}
                  sx={{ whiteSpace: 'nowrap', ...(left > 0 ? { fontWeight: 700, color: '#7a4f01' } : {}) }}
                >
                  {inMoney(left)}
                </Box>,
              ],
            };
          })}
        />
      )}
      <Pages page={q.page} last={data?.meta.last_page ?? 1} onPage={(p) => set({ page: p })} />
    </Box>
  );
};

export default SalesList;
