import { useMemo } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { HttpError, Link, useRenderer, type ScreenWidget } from '../../../renderer';
import { Pages, useMoneyQuery } from '../money/filters';
import { MoneyRows } from '../money/MoneyRows';
import { checkoutLink } from '../money/checkout-link';
import { query } from '../money/query';
import { clientName, currencyFrom, dayInWords, moneyIn, type Owing, type Page } from '../money/shared';
import { salePaid, saleTotal, type Sale } from '../sales/sale';

const HERE = '/financials/left-to-pay/list';

/** The checkout with a client (and an appointment) chosen, coming back here when done. */

/**
 * Left to pay (spec §2 /financials/left-to-pay/list): what clients still owe for appointments (and sales, where the
 * server lists them), the total owed, and a checkout per row with that client and appointment chosen.
 */
const LeftToPay: ScreenWidget = () => {
  const { rest, t, locale, formContext, can } = useRenderer();
  const [q, set] = useMoneyQuery();
  const money = useMemo(() => moneyIn(locale, currencyFrom(formContext)), [locale, formContext]);
  const tab = q.tab === 'sale' ? 'sale' : 'appointment';
  const total = useSWR('left-to-pay-statistic', () =>
    rest.getJson<{ amount: number; count: number } | { data: { amount: number; count: number } }>(
      '/api/v1/payments/left-to-pay/statistic',
    ),
  );
  const sum = total.data && ('data' in total.data ? total.data.data : total.data);
  // Sales owed are listed where the server has the route; otherwise the tab stays away.
  const sales = useSWR(['left-to-pay', 'sale', q.page], () =>
    rest
      .getJson<Page<Sale>>(`/api/v1/payments/left-to-pay/sale${query({ page: tab === 'sale' ? q.page : 1 })}`)
      .catch((err: unknown) => {
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      }),
  );
  const appointments = useSWR(['left-to-pay', 'appointment', q.page], () =>
    rest.getJson<Page<Owing>>(`/api/v1/payments/left-to-pay/appointment${query({ page: q.page })}`),
  );
  const list = tab === 'sale' ? sales : appointments;
  const mayCheckout = can('create', 'Income');

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('money.owedTotal')}>
        <Typography variant="body2" color="text.secondary">
          {t('money.owedTotal')}
        </Typography>
        <Typography variant="h5" component="p" data-total="left-to-pay">
          {sum ? money(sum.amount) : '…'}
        </Typography>
        {sum && (
          <Typography variant="body2" color="text.secondary">
            {t('money.owedCount', { count: sum.count })}
          </Typography>
        )}
      </Paper>
      {sales.data && (
        <Tabs
          value={tab}
          onChange={(_, v: string) => set({ tab: v === 'sale' ? 'sale' : '' })}
          aria-label={t('money.types')}
        >
          <Tab value="appointment" label={t('money.tabs.appointment')} />
          <Tab value="sale" label={t('money.tabs.sale')} />
        </Tabs>
      )}
      {list.isLoading && <LinearProgress aria-label={t('app.loading')} />}
      {list.error && <Alert severity="error">{t('app.loadFailed')}</Alert>}
      {list.data && list.data.data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('money.nothingOwed')}</Typography>
        </Paper>
      )}
      {tab === 'appointment' && appointments.data && appointments.data.data.length > 0 && (
        <MoneyRows
          label={t('money.tabs.appointment')}
          columns={['money.date', 'money.client', 'money.service', 'money.price', 'money.left', '']}
          rows={appointments.data.data.map((a) => ({
            key: `${a.kind}-${a.id}`,
            testId: a.kind === 'class' ? `owed-seat-${a.id}` : `owed-${a.id}`,
            cells: [
              `${dayInWords(a.date, locale)}${a.start_time ? `, ${a.start_time.slice(0, 5)}` : ''}`,
              a.clients.length
                ? a.clients.map((c, i) => (
                    <span key={c.id}>
                      {i > 0 && ', '}
                      <Link to={`/clients/${c.id}`}>{clientName(c)}</Link>
                    </span>
                  ))
                : '—',
              a.kind === 'class' ? t('checkout.classSeat', { title: a.service ?? '—' }) : (a.service ?? '—'),
              money(a.price),
              <b key="l">{money(a.amount)}</b>,
              mayCheckout && a.clients[0] ? (
                <Button size="small" variant="outlined" component={Link} to={checkoutLink(a.clients[0].id, a, HERE)}>
                  {t('money.checkout')}
                </Button>
              ) : null,
            ],
          }))}
        />
      )}
      {tab === 'sale' && sales.data && sales.data.data.length > 0 && (
        <MoneyRows
          label={t('money.tabs.sale')}
          columns={['money.date', 'money.client', 'money.total', 'money.left', '']}
          rows={sales.data.data.map((s) => ({
            key: s.id,
            cells: [
              <Link key="d" to={`/sales-and-products/sales/${s.id}`}>
                {dayInWords(s.date, locale)}
              </Link>,
              s.client ? <Link to={`/clients/${s.client.id}`}>{clientName(s.client)}</Link> : '—',
              money(saleTotal(s)),
              <b key="l">{money(s.left_to_pay ?? Math.max(0, saleTotal(s) - salePaid(s)))}</b>,
              mayCheckout && s.client ? (
                <Button
                  size="small"
                  variant="outlined"
                  component={Link}
                  to={checkoutLink(s.client.id, { id: s.id, kind: 'sale' }, HERE)}
                >
                  {t('money.checkout')}
                </Button>
              ) : null,
            ],
          }))}
        />
      )}
      <Pages page={q.page} last={list.data?.meta.last_page ?? 1} onPage={(p) => set({ page: p })} />
    </Box>
  );
};

export default LeftToPay;
