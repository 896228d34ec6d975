import { useLayoutEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HttpError, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { usePage } from './api';
import { Choice, Loading, need } from './shared';

/** Step 1: whose page this is, whether it takes bookings (else why, alone), and what to book. */
export const StartStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page, error } = usePage(w.params.slug);
  const cancelled = new URLSearchParams(window.location.search).get('cancelled') === '1';
  const missing = error instanceof HttpError && error.status === 404;
  // A page that takes no bookings (paused) or does not exist is no wizard: shown alone, with its own heading.
  const closed = missing || page?.open === false;
  useLayoutEffect(() => w.plain(closed), [closed]);
  if (missing)
    return (
      <Typography component="h1" variant="h5">
        {t('bookingPage.notFound')}
      </Typography>
    );
  if (error) return <Alert severity="error">{t('app.networkError')}</Alert>;
  if (!page) return <Loading />;
  if (!page.open)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography component="h1" variant="h5">
          {page.name}
        </Typography>
        <Alert severity="info" role="status">
          {page.message}
        </Alert>
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('bookingPage.welcome', { name: page.name })}</Typography>
      {cancelled && <Alert severity="warning">{t('bookingPage.paymentCancelled')}</Alert>}
      {page.verified && (
        <Typography color="text.secondary">
          {t('bookingPage.verifiedAs', { destination: page.verified.destination })}
        </Typography>
      )}
      {page.services.length > 0 && (
        <Choice
          title={t('bookingPage.kinds.appointment')}
          lines={[t('bookingPage.servicesCount', { count: page.services.length })]}
          onClick={() =>
            w.next({ kind: 'appointment', verified: Boolean(page.verified), client: page.verified?.client ?? null })
          }
        />
      )}
      {page.classes.length > 0 && (
        <Choice
          title={t('bookingPage.kinds.class')}
          lines={[page.classes.map((c) => c.title).join(', ')]}
          onClick={() =>
            w.next({ kind: 'class', verified: Boolean(page.verified), client: page.verified?.client ?? null })
          }
        />
      )}
      {page.vouchers.length > 0 && (
        <Choice
          title={t('bookingPage.kinds.voucher')}
          lines={[page.vouchers.map((v) => v.title).join(', ')]}
          onClick={() =>
            w.next({ kind: 'voucher', verified: Boolean(page.verified), client: page.verified?.client ?? null })
          }
        />
      )}
      {page.packages.length > 0 && (
        <Choice
          title={t('bookingPage.kinds.package')}
          lines={[page.packages.map((p) => p.title).join(', ')]}
          onClick={() =>
            w.next({ kind: 'package', verified: Boolean(page.verified), client: page.verified?.client ?? null })
          }
        />
      )}
    </Box>
  );
};
