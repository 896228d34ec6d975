import { useState } from 'react';
import useSWR from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney, HttpError, Loading, useRenderer, type ScreenWidget } from '../../../renderer';
import type { ApiResponse } from '../../domain/generated/api';

/** The affiliate's code and referral link (made once, on request) and who signed up through it. */
const AffiliateCode: ScreenWidget = () => {
  const { rest, t, notify, locale } = useRenderer();
  const { data, mutate } = useSWR('affiliate-statistic', () =>
    rest.getJson<ApiResponse<'GET /api/v1/affiliate/statistic'>>('/api/v1/affiliate/statistic'),
  );
  const [busy, setBusy] = useState(false);
  if (!data) return <Loading label={t('app.loading')} />;
  const stat = data.data;

  async function create() {
    setBusy(true);
    try {
      const res = await rest.send<{ message?: string }>('POST', '/api/v1/affiliate/create-code');
      if (res.message) notify(res.message, 'success');
      await mutate();
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('errors.server'), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="affiliate-heading">
      <Typography id="affiliate-heading" variant="h6" component="h2" gutterBottom>
        {t('affiliate.heading')}
      </Typography>
      {stat.code ? (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
          <TextField label={t('affiliate.code')} value={stat.code} slotProps={{ input: { readOnly: true } }} />
          <TextField label={t('affiliate.url')} value={stat.url ?? ''} slotProps={{ input: { readOnly: true } }} />
          <Box>
            <Button
              variant="outlined"
              onClick={() =>
                void navigator.clipboard?.writeText(stat.url ?? '').then(() => notify(t('affiliate.copied'), 'success'))
              }
            >
              {t('affiliate.copy')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Box>
          <Typography gutterBottom>{t('affiliate.noCode')}</Typography>
          <Button variant="contained" disabled={busy} onClick={() => void create()}>
            {t('affiliate.create')}
          </Button>
        </Box>
      )}
      {/* The figures' columns follow the card's own width, not the screen's: in a narrow dashboard card they wrap
          onto more rows, and a long amount breaks or shrinks rather than running out of the card. */}
      <Box
        component="dl"
        data-testid="affiliate-figures"
        sx={{
          mt: 3,
          mb: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 7.5rem), 1fr))',
          gap: 2,
        }}
      >
        {(['subscribers', 'trialing', 'subscribed', 'unsubscribed', 'earnings'] as const).map((k) => (
          <Box key={k} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t(`affiliate.stats.${k}`)}
            </Typography>
            <Typography
              component="dd"
              variant="h5"
              sx={{ m: 0, overflowWrap: 'anywhere', fontSize: 'clamp(1.125rem, 1rem + 0.6vw, 1.5rem)' }}
            >
              {k === 'earnings' ? formatMoney(stat.earnings, locale, stat.currency) : stat[k]}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
};

export default AffiliateCode;
