import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  HttpError,
  Link,
  Loading,
  useAddress,
  useCall,
  useDataProvider,
  useRenderer,
  type ScreenWidget,
} from '@soloist/renderer';
import { useWidgetHost } from '../host';
import { dayInWords, moneyIn } from '../money/shared';
import type { PlanOffer } from './plan-change';

/**
 * The card step that follows registration (spec §1: a 14-day trial with a card on file): when the trial ends, and
 * a card added on the provider's hosted page (no card number passes through the app), nothing charged until then.
 * Back from the hosted page it says the card is saved and leads on to choosing the plan. It can be left for later:
 * the setup checklist keeps the step. An owner who has chosen a plan on the trial is told what the card will be
 * charged (the plan, its amount and when); one who has not, that the plan is chosen next.
 */
const TrialStart: ScreenWidget = () => {
  const { t, locale } = useRenderer();
  const provider = useDataProvider();
  const { user } = useWidgetHost();
  const { search } = useAddress();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = user?.subscription.subscribed ? user.subscription.plan_name : null;
  const { data: plans } = useCall<{ data: PlanOffer[] }>('subscription.plans', chosen ? {} : null);
  if (!user) return <Loading label={t('app.loading')} />;
  // The step belongs to the trial: an owner past it (subscribed, or lapsed) is shown where their plan is instead.
  if (user.subscription.stage !== 'trial')
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h2">
          {t('billing.start.overTitle')}
        </Typography>
        <Typography>{t('billing.start.overText')}</Typography>
        <Box>
          <Button variant="contained" component={Link} to="/account-setup/subscription/details">
            {t('billing.start.toSubscription')}
          </Button>
        </Box>
      </Paper>
    );
  // UA owners give their card to LiqPay on its page when they choose a plan.
  const saved = new URLSearchParams(search).get('card') === 'saved' || user.region === 'UA';
  const ends = user.subscription.trial_ends_at ? dayInWords(user.subscription.trial_ends_at.slice(0, 10), locale) : '';
  const plan = plans?.data.find((p) => p.name === chosen);
  // What the card is charged when the trial ends, once the plan (and so the amount) is known.
  const charge = plan
    ? t(plan.interval === 'annual' ? 'billing.start.chargeAnnual' : 'billing.start.chargeMonthly', {
        date: ends,
        plan: t(`billing.levels.${plan.level}`),
        amount: moneyIn(locale, plan.currency)(plan.price),
      })
    : null;

  async function addCard() {
    setBusy(true);
    setFailure(null);
    try {
      const res = await provider.call<{ data: { url: string } }>('subscription.card-add', {
        body: { return: 'start' },
      });
      if (res?.data?.url) window.location.assign(res.data.url);
    } catch (err) {
      setFailure(err instanceof HttpError ? err.message : t('errors.server'));
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h2">
        {t('billing.start.title', { name: user.first_name })}
      </Typography>
      {saved ? (
        <>
          {user.region === 'UA' ? (
            <Typography>{t('billing.start.liqpay')}</Typography>
          ) : (
            <Alert severity="success">{t('billing.start.saved')}</Alert>
          )}
          <Typography>{chosen ? charge : t('billing.start.choose', { date: ends })}</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" component={Link} to="/account-setup/subscription/details">
              {t('billing.start.seePlans')}
            </Button>
            <Button component={Link} to="/dashboard">
              {t('billing.start.toDashboard')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Typography>{chosen ? charge : t('billing.start.text', { date: ends })}</Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" disabled={busy} onClick={() => void addCard()}>
              {t('billing.addCard')}
            </Button>
            <Button component={Link} to="/dashboard">
              {t('billing.start.later')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('billing.hostedNote')}
          </Typography>
        </>
      )}
    </Paper>
  );
};

export default TrialStart;
