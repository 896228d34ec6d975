import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link, useRenderer } from '@soloist/renderer';
import type { CurrentUser } from '../../domain/current-user';
import { planByName } from '../../domain/plans';
import { dayInWords } from '../money/shared';

/**
 * Where the owner's subscription stands (spec §3, §4, §8): plan, stage, the trial's end or the next billing date, a
 * downgrade waiting for it, the end date once auto-renew is off, credits — and, first, what needs doing: a payment
 * that did not go through ('Please update your Payment details…') or a subscription that has expired.
 */
export function SubscriptionStatus({ user }: { user: CurrentUser }) {
  const { t, locale } = useRenderer();
  const s = user.subscription;
  const date = (iso: string | null) => (iso ? dayInWords(iso.slice(0, 10), locale) : '—');
  const level = (name: string | null) => {
    const plan = planByName(name);
    return plan ? `${t(`billing.levels.${plan.level}`)} · ${t(`billing.${plan.interval}`)}` : name;
  };
  const rows: Array<[string, React.ReactNode]> = [
    ['subscription.plan', level(s.plan_name) ?? (s.status === 'trialing' ? t('subscription.trial') : '—')],
    [
      'subscription.status',
      <Chip key="c" size="small" color={s.valid ? 'success' : 'warning'} label={t(`subscription.stages.${s.stage}`)} />,
    ],
  ];
  if (s.status === 'trialing') rows.push(['subscription.trialEnds', date(s.trial_ends_at)]);
  if (s.next_billing_date) rows.push(['billing.nextBilling', date(s.next_billing_date)]);
  else if (s.ends_at && s.status !== 'trialing') rows.push(['subscription.endsAt', date(s.ends_at)]);
  if (s.pending_plan_name)
    rows.push([
      'billing.pendingPlan',
      t('billing.pendingFrom', { plan: level(s.pending_plan_name), date: date(s.ends_at ?? s.next_billing_date) }),
    ]);
  rows.push([
    'subscription.credits',
    <Link key="credits" to="/account-setup/notifications/credits">
      {t('subscription.creditsValue', { sms: user.credits.sms, email: user.credits.email })}
    </Link>,
  ]);

  return (
    <Paper
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}
      component="section"
      aria-labelledby="subscription-heading"
    >
      <Typography id="subscription-heading" variant="h6" component="h2">
        {t('subscription.heading')}
      </Typography>
      {s.has_incomplete_payment && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" component={Link} to="/account-setup/subscription/cards">
              {t('billing.manageCards')}
            </Button>
          }
        >
          {t('billing.incompletePayment')}
        </Alert>
      )}
      {s.status === 'expired' && <Alert severity="warning">{t('subscription.expired')}</Alert>}
      {/* Read-only mode (with its countdown) is said once, by the shell's banner above. */}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(140px, 35%) 1fr', rowGap: 1, columnGap: 2 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {t(label)}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
