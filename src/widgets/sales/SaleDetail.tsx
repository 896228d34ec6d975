import { useMemo, useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HttpError, Link, Loading, useParams, useRenderer, type ScreenWidget } from '../../../renderer';
import { MoneyRows } from '../money/MoneyRows';
import { checkoutLink } from '../money/checkout-link';
import { RefundDialog } from '../money/RefundDialog';
import { clientName, currencyFrom, dayInWords, moneyIn } from '../money/shared';
import { itemTotal, salePaid, saleSubtotal, saleTotal, unitPrice, type Sale } from './sale';

/** One sale (spec §2 /sales-and-products/sales/{id}): client, items, totals, payments, and its refund. */
const SaleDetail: ScreenWidget = () => {
  const { rest, t, locale, formContext, can } = useRenderer();
  const { id } = useParams();
  const { data, error, isLoading, mutate } = useSWR(['sale', id], () =>
    rest.getJson<{ data: Sale }>(`/api/v1/sales/${id}`),
  );
  const [refunding, setRefunding] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const sale = data?.data;
  const money = useMemo(
    () => moneyIn(locale, sale?.currency ?? currencyFrom(formContext)),
    [locale, formContext, sale?.currency],
  );
  if (isLoading) return <Loading label={t('app.loading')} />;
  if (error)
    return (
      <Alert severity="error">
        {error instanceof HttpError && error.status === 404 ? t('money.saleMissing') : t('app.loadFailed')}
      </Alert>
    );
  if (!sale) return null;
  const total = saleTotal(sale);
  const paid = salePaid(sale);
  const left = sale.left_to_pay ?? Math.max(0, total - paid);
  // Nothing was ever paid: the sale is cancelled rather than refunded.
  const unpaid = (sale.payments ?? []).length === 0;
  const sums: [string, number][] = [
    ...(sale.discount
      ? ([
          ['money.subtotal', saleSubtotal(sale)],
          ['money.discount', -sale.discount],
        ] as [string, number][])
      : []),
    ['money.total', total],
    ['money.paid', paid],
    ['money.left', left],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('money.saleOf', { date: dayInWords(sale.date, locale) })}
          </Typography>
          {sale.refunded && <Chip size="small" color="warning" label={t('money.refundedChip')} />}
          {sale.cancelled_at && <Chip size="small" label={t('money.cancelledChip')} />}
        </Box>
        {sale.cancelled_at && (
          <Typography color="text.secondary">
            {t('money.cancelledOn', { date: dayInWords(sale.cancelled_at.slice(0, 10), locale) })}
            {sale.cancel_reason ? ` · ${sale.cancel_reason}` : ''}
          </Typography>
        )}
        <Typography>
          {t('money.client')}:{' '}
          {sale.client ? <Link to={`/clients/${sale.client.id}`}>{clientName(sale.client)}</Link> : '—'}
        </Typography>
      </Paper>
      <MoneyRows
        label={t('money.items')}
        columns={['money.item', 'money.quantity', 'money.price', 'money.total']}
        rows={(sale.items ?? []).map((i, n) => ({
          key: i.id ?? n,
          cells: [
            <span key="i">
              {i.title}
              <Typography component="span" variant="caption" color="text.secondary">
                {' '}
                · {t(`checkout.kinds.${i.kind}`, { defaultValue: i.kind })}
                {i.codes?.length ? ` · ${i.codes.join(', ')}` : ''}
              </Typography>
            </span>,
            String(i.quantity),
            money(unitPrice(i)),
            money(itemTotal(i)),
          ],
        }))}
      />
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          rowGap: 0.5,
          columnGap: 2,
          maxWidth: 420,
          justifySelf: 'end',
          width: '100%',
        }}
      >
        {sums.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt">{t(k)}</Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
              {money(v)}
            </Typography>
          </Box>
        ))}
      </Box>
      {(sale.payments ?? []).length > 0 && (
        <MoneyRows
          label={t('money.payments')}
          columns={['money.date', 'money.method', 'money.amount']}
          rows={(sale.payments ?? []).map((p) => ({
            key: p.id,
            cells: [
              dayInWords(p.date, locale),
              t(`money.methods.${p.method}`),
              <span key="a" style={p.refunded ? { textDecoration: 'line-through' } : undefined}>
                {money(p.amount)}
              </span>,
            ],
          }))}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
        {!sale.refunded && !sale.cancelled_at && can('delete', 'Sale') && (
          <Button color="error" variant="outlined" onClick={() => (unpaid ? setCancelling(true) : setRefunding(true))}>
            {t(unpaid ? 'money.cancelSale' : 'money.refundSale')}
          </Button>
        )}
        {/* What is still owed is taken at the checkout, with this sale ticked. */}
        {!sale.refunded && !sale.cancelled_at && left > 0 && sale.client && can('create', 'Income') && (
          <Button
            variant="contained"
            component={Link}
            to={checkoutLink(sale.client.id, { id: sale.id, kind: 'sale' }, `/sales-and-products/sales/${sale.id}`)}
          >
            {t('money.checkoutRest')}
          </Button>
        )}
      </Box>
      <RefundDialog
        path={refunding ? `/api/v1/sales/${sale.id}` : null}
        text={t('money.refundSaleText', { amount: money(paid), date: dayInWords(sale.date, locale) })}
        onClose={(done) => {
          setRefunding(false);
          if (done) void mutate();
        }}
      />
      <RefundDialog
        path={cancelling ? `/api/v1/sales/${sale.id}` : null}
        text={t('money.cancelSaleText', { amount: money(total), date: dayInWords(sale.date, locale) })}
        labels={{ title: 'money.cancelSaleTitle', confirm: 'money.cancelSale', dismiss: 'money.keepSale' }}
        onClose={(done) => {
          setCancelling(false);
          if (done) void mutate();
        }}
      />
    </Box>
  );
};

export default SaleDetail;
