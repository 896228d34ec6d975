import { useMemo } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HttpError, useRenderer, type ScreenWidget } from '../../../renderer';
import type { ApiResponse } from '../../domain/generated/api';
import { MoneyRows } from '../money/MoneyRows';
import { dayInWords, moneyIn } from '../money/shared';
import { SubscriptionTabs } from './SubscriptionTabs';

/** An invoice of the provider's, as GET /subscription/history answers it. */
type BillingInvoice = ApiResponse<'GET /api/v1/subscription/history', '200'>['data'][number];

const STATUS_COLOUR: Record<string, 'success' | 'warning' | 'default'> = { paid: 'success', open: 'warning' };

/** What the owner has been billed for their plan (spec §2 subscription history): the provider's invoices, as PDFs. */
const History: ScreenWidget = () => {
  const { rest, t, locale } = useRenderer();
  const { data, error, isLoading } = useSWR('subscription-history', () =>
    rest.getJson<{ data: BillingInvoice[] }>('/api/v1/subscription/history'),
  );
  const invoices = data?.data ?? [];
  const money = useMemo(() => (currency: string) => moneyIn(locale, currency), [locale]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SubscriptionTabs />
      {isLoading && <LinearProgress aria-label={t('app.loading')} />}
      {error && <Alert severity="error">{error instanceof HttpError ? error.message : t('app.loadFailed')}</Alert>}
      {data && invoices.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{t('billing.noHistory')}</Typography>
        </Paper>
      )}
      {invoices.length > 0 && (
        <MoneyRows
          label={t('billing.tabs.history')}
          columns={[
            'billing.date',
            'billing.for',
            'billing.number',
            'billing.amount',
            'billing.status',
            'billing.document',
          ]}
          rows={invoices.map((i) => ({
            key: i.id,
            cells: [
              dayInWords(i.date.slice(0, 10), locale),
              i.description ?? '—',
              i.number ?? '—',
              money(i.currency)(i.total),
              <Chip
                key="s"
                size="small"
                color={STATUS_COLOUR[i.status] ?? 'default'}
                label={t(`billing.invoiceStatus.${i.status}`, { defaultValue: i.status })}
              />,
              i.pdf_url ? (
                <MuiLink key="p" href={i.pdf_url} target="_blank" rel="noopener">
                  {t('billing.downloadPdf')}
                </MuiLink>
              ) : (
                '—'
              ),
            ],
          }))}
        />
      )}
    </Box>
  );
};

export default History;
