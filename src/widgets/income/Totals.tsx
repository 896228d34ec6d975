import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRenderer } from '../../../renderer';
import { query as toQuery } from '../money/query';
import { dayInWords, type Statistic } from '../money/shared';

/**
 * The period's totals from GET /payments/statistic; income per method and per service only where the plan has income
 * details (spec §6). They are the whole period's, for every type: headed so, with the period in words; while a tab or
 * a search narrows the list below, `shown` is how many payments it shows.
 */
export function Totals({
  from,
  to,
  money,
  shown,
}: {
  from: string;
  to: string;
  money(m: number): string;
  shown?: number;
}) {
  const { rest, t, can, locale } = useRenderer();
  const { data, error } = useSWR(['income-statistic', from, to], () =>
    rest.getJson<Statistic | { data: Statistic }>(
      `/api/v1/payments/statistic${toQuery({ from, to, ...(can('read', 'IncomeDetails') ? { services: 1 } : {}) })}`,
    ),
  );
  const s = data && ('data' in data ? data.data : data);
  if (error) return <Alert severity="error">{t('app.loadFailed')}</Alert>;
  const allowed = can('read', 'IncomeDetails');
  const details = allowed ? (s?.by_method ?? []) : [];
  const services = allowed ? (s?.by_service ?? []) : [];
  const figures: [string, number | undefined][] = [
    ['money.income', s?.income],
    ['money.received', s?.payments],
    ['money.refunds', s?.refunds],
  ];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      component="section"
      aria-label={t('money.totals')}
    >
      <Box>
        <Typography variant="subtitle1" component="h2">
          {t('money.totalsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="totals-period">
          {s ? t('money.totalsPeriod', { from: dayInWords(s.from, locale), to: dayInWords(s.to, locale) }) : '…'}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
        {figures.map(([key, amount]) => (
          <Box key={key}>
            <Typography variant="body2" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography variant="h6" component="p" data-total={key.split('.')[1]}>
              {amount === undefined ? '…' : money(amount)}
            </Typography>
          </Box>
        ))}
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('money.count')}
          </Typography>
          <Typography variant="h6" component="p">
            {s ? s.count : '…'}
          </Typography>
        </Box>
      </Box>
      {shown !== undefined && (
        <Typography variant="body2" data-testid="totals-shown">
          {t('money.totalsShown', { count: shown })}
        </Typography>
      )}
      {details.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={t('money.byMethod')} role="list">
          {details.map((m) => (
            <Chip
              role="listitem"
              key={m.method}
              variant="outlined"
              label={`${t(`money.methods.${m.method}`)}: ${money(m.income)} (${m.count})`}
            />
          ))}
        </Box>
      )}
      {services.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={t('money.byService')} role="list">
          {services.map((v) => (
            <Chip
              role="listitem"
              key={v.service_id ?? 'none'}
              variant="outlined"
              label={`${v.title ?? t('money.otherAppointments')}: ${money(v.amount)}`}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
