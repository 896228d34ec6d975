import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, useRenderer, type ScreenWidget } from '../../../renderer';
import { query as toQuery } from '../money/query';
import { PeriodFilter, Pages, useMoneyQuery } from '../money/filters';
import { RefundDialog } from '../money/RefundDialog';
import {
  clientName,
  currencyFrom,
  dayInWords,
  moneyIn,
  PAYMENT_TABS,
  paymentsPath,
  type Page,
  type Payment,
  type PaymentTab,
} from '../money/shared';
import { MoneyRows } from '../money/MoneyRows';
import { ExportMenu, searchOf } from '../money/ExportMenu';
import { Totals } from './Totals';

/**
 * Income (spec §2 /financials/income/list): the ledger's payments by type, for a period (this month in the owner's
 * zone unless chosen), searched by client, with the period's totals, refunds and the way to the checkout.
 */
const IncomeList: ScreenWidget = () => {
  const { rest, t, locale, formContext, can } = useRenderer();
  const [q, set] = useMoneyQuery();
  const tab = (PAYMENT_TABS as readonly string[]).includes(q.tab) ? (q.tab as PaymentTab) : 'all';
  const money = useMemo(() => moneyIn(locale, currencyFrom(formContext)), [locale, formContext]);
  const url = `${paymentsPath(tab)}${toQuery({ page: q.page, from: q.from, to: q.to, search: q.search })}`;
  const { data, error, isLoading, mutate } = useSWR(['income', url], () => rest.getJson<Page<Payment>>(url), {
    keepPreviousData: true,
  });
  const { mutate: refresh } = useSWRConfig();
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const rows = data?.data ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <ExportMenu
          path="/api/v1/payments/export"
          filters={{ type: tab === 'all' ? null : tab, from: q.from, to: q.to, search: searchOf(q.search) }}
        />
        {can('create', 'Income') && (
          <Button variant="contained" component={Link} to="/financials/income/checkout">
            {t('money.checkout')}
          </Button>
        )}
      </Box>
      <PeriodFilter from={q.from} to={q.to} search={q.search} onChange={set} />
      <Totals
        from={q.from}
        to={q.to}
        money={money}
        shown={tab !== 'all' || searchOf(q.search) ? data?.meta.total : undefined}
      />
      <Tabs
        value={tab}
        onChange={(_, v: string) => set({ tab: v === 'all' ? '' : v })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('money.types')}
      >
        {PAYMENT_TABS.map((k) => (
          <Tab key={k} value={k} label={t(`money.tabs.${k}`)} />
        ))}
      </Tabs>
      {isLoading && <LinearProgress aria-label={t('app.loading')} />}
      {error && <Alert severity="error">{t('app.loadFailed')}</Alert>}
      {data && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('money.noPayments')}</Typography>
        </Paper>
      )}
      {rows.length > 0 && (
        <MoneyRows
          label={t('money.payments')}
          columns={['money.date', 'money.client', 'money.type', 'money.method', 'money.amount', '']}
          rows={rows.map((p) => ({
            key: p.id,
            testId: `payment-${p.id}`,
            cells: [
              dayInWords(p.date, locale),
              p.client ? <Link to={`/clients/${p.client.id}`}>{clientName(p.client)}</Link> : '—',
              t(`money.typeNames.${p.type}`),
              t(`money.methods.${p.method}`),
              <Box key="a" component="span" sx={{ whiteSpace: 'nowrap' }}>
                <Box
                  component="span"
                  sx={p.refunded ? { textDecoration: 'line-through', color: 'text.secondary' } : {}}
                >
                  {moneyIn(locale, p.currency)(p.amount)}
                </Box>
                {/* Paid from a voucher or a package: settled, yet no money came in now. */}
                {p.redemption && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {t('money.redemption')}
                  </Typography>
                )}
                {p.refunded && <Chip size="small" color="warning" label={t('money.refundedChip')} sx={{ ml: 1 }} />}
                {!p.refunded && p.refunds.length > 0 && (
                  <Chip size="small" variant="outlined" label={t('money.partRefundedChip')} sx={{ ml: 1 }} />
                )}
              </Box>,
              // A payment taken online is refunded through its provider, not here.
              !p.refunded && !p.online && can('delete', 'Income') ? (
                <Button size="small" color="error" onClick={() => setRefunding(p)}>
                  {t('money.refund')}
                </Button>
              ) : null,
            ],
          }))}
        />
      )}
      <Pages page={q.page} last={data?.meta.last_page ?? 1} onPage={(p) => set({ page: p })} />
      <RefundDialog
        path={refunding ? `/api/v1/payments/${refunding.id}` : null}
        text={
          refunding
            ? t(refunding.refunds.length ? 'money.refundTextPart' : 'money.refundText', {
                amount: moneyIn(locale, refunding.currency)(refunding.amount),
                name: clientName(refunding.client) || '—',
                date: dayInWords(refunding.date, locale),
                refunded: moneyIn(locale, refunding.currency)(-refunding.refunds.reduce((s, r) => s + r.amount, 0)),
              })
            : ''
        }
        // How much: all that is left of it unless the owner gives back part.
        amount={
          refunding ? { left: refunding.refundable ?? refunding.amount, currency: refunding.currency } : undefined
        }
        onClose={(done) => {
          setRefunding(null);
          if (done) {
            void mutate();
            void refresh(['income-statistic', q.from, q.to]);
          }
        }}
      />
    </Box>
  );
};

export default IncomeList;
