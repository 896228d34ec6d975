import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRenderer, type ScreenWidget } from '../../../renderer';
import { useWidgetHost } from '../host';

/** The owner's subscription as the server sees it: plan, status, stage, dates, read-only state. */
const SubscriptionStatus: ScreenWidget = () => {
  const { t, locale } = useRenderer();
  const { user } = useWidgetHost();
  if (!user) return null;
  const s = user.subscription;
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' }) : '—';
  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="subscription-heading">
      <Typography id="subscription-heading" variant="h6" component="h2" gutterBottom>
        {t('subscription.heading')}
      </Typography>
      {/* Read-only mode (with its countdown) is said once, by the shell's banner above this card. */}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(140px, 35%) 1fr', rowGap: 1, columnGap: 2 }}
      >
        <Typography component="dt" color="text.secondary">
          {t('subscription.plan')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {s.plan_name ?? (s.status === 'trialing' ? t('subscription.trial') : '—')}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('subscription.status')}
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          <Chip size="small" color={s.valid ? 'success' : 'warning'} label={t(`subscription.stages.${s.stage}`)} />
        </Box>
        <Typography component="dt" color="text.secondary">
          {t(s.status === 'trialing' ? 'subscription.trialEnds' : 'subscription.endsAt')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {date(s.ends_at)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('subscription.credits')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {t('subscription.creditsValue', { sms: user.credits.sms, email: user.credits.email })}
        </Typography>
      </Box>
    </Paper>
  );
};

export default SubscriptionStatus;
