import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  HttpError,
  Loading,
  useAddress,
  useCall,
  useDataProvider,
  useMutation,
  useRenderer,
  type ScreenWidget,
} from '@soloist/renderer';
import { useWidgetHost } from '../host';
import { PaymentFailure } from './PaymentFailure';
import { dayInWords, moneyIn } from '../money/shared';
import { planChange, type PlanOffer } from './plan-change';
import { Addons } from './Addons';
import { liqpayLink, planId } from './liqpay-link';
import { ActivePromoNote, PromoField } from './Promo';
import { SubscriptionStatus } from './Status';
import { SubscriptionTabs } from './SubscriptionTabs';

/**
 * The plans (spec §2 subscription details, §4, §9): monthly or annual (two months free), each with its price in the
 * owner's billing currency and what it adds; choosing one subscribes, or on a subscription swaps plan (an upgrade at
 * once, a downgrade from the next billing date). Below, auto-renew: cancel (the plan runs to the period's end) or
 * resume. The status card above says where the account stands.
 */
const Plans: ScreenWidget = () => {
  const { t, locale, notify, confirm } = useRenderer();
  const provider = useDataProvider();
  const write = useMutation();
  const { user, reloadUser } = useWidgetHost();
  const { data, error, isLoading } = useCall<{
    data: PlanOffer[];
    promo: Parameters<typeof ActivePromoNote>[0]['promo'] | null;
    provider: 'stripe' | 'liqpay';
  }>('subscription.plans');
  const [interval, setInterval] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; card: boolean; promo?: string } | null>(null);
  const [promoCode, setPromoCode] = useState('');
  const plans = data?.data ?? [];
  const money = useMemo(() => moneyIn(locale, plans[0]?.currency ?? 'gbp'), [locale, plans]);
  const { search } = useAddress();
  if (!user) return <Loading label={t('app.loading')} />;
  const s = user.subscription;
  const shown = interval ?? (s.interval === 'annual' ? 'annual' : 'monthly');
  const subscribed = s.subscribed;
  // UA owners pay on LiqPay's page: choosing (or resuming) goes there.
  const liqpay = data?.provider === 'liqpay';
  const endsOn = s.ends_at ? dayInWords(s.ends_at.slice(0, 10), locale) : '';
  const backFromLiqpay = new URLSearchParams(search).get('liqpay') === 'done';
  const nextBilling = s.next_billing_date ? dayInWords(s.next_billing_date.slice(0, 10), locale) : '';

  /** A change of plan or add-on (a named call that reads the subscription's answers again), then the user. */
  async function act(
    call: string,
    body: Record<string, unknown> | null,
    question?: string,
    labels?: { confirm: string; cancel: string },
  ) {
    if (question && !(await confirm(question, labels))) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await write.call<{ message?: string }>(call, { body: body ?? {} });
      if (res?.message) notify(res.message, 'success');
      await reloadUser();
    } catch (err) {
      const message = err instanceof HttpError ? err.message : t('errors.server');
      const fields = err instanceof HttpError ? err.body.errors : undefined;
      setFailure({ message, card: Boolean(fields?.card), promo: fields?.promo_code?.[0] });
    } finally {
      setBusy(false);
    }
  }

  async function toLiqpay(planId: string, question: string | null, resume = false) {
    if (question && !(await confirm(question))) return;
    setBusy(true);
    setFailure(null);
    try {
      const code = resume ? '' : promoCode.trim();
      const res = await provider.call<{ data: { url: string; data: string; signature: string } }>('liqpay.widget', {
        query: { plan_id: planId, resume: resume ? '1' : undefined, promo_code: code || undefined },
      });
      notify(t('billing.liqpay.toPage'), 'info');
      window.location.assign(liqpayLink(res.data));
    } catch (err) {
      const message = err instanceof HttpError ? err.message : t('errors.server');
      const promo = err instanceof HttpError ? err.body.errors?.promo_code?.[0] : undefined;
      setFailure({ message, card: false, promo });
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SubscriptionTabs />
      {backFromLiqpay && !subscribed && <Alert severity="info">{t('billing.liqpay.confirming')}</Alert>}
      <SubscriptionStatus user={user} />
      {isLoading && <LinearProgress aria-label={t('app.loading')} />}
      {error && <Alert severity="error">{error instanceof HttpError ? error.message : t('app.loadFailed')}</Alert>}
      {data?.promo && <ActivePromoNote promo={data.promo} />}
      {failure && !failure.promo && <PaymentFailure message={failure.message} card={failure.card} />}
      {plans.length > 0 && (
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={shown}
            onChange={(_e, v: string | null) => v && setInterval(v)}
            color="primary"
            aria-label={t('billing.interval')}
            // The unselected choice in the body text's grey, which reads at 4.5:1 on the page.
            sx={{ justifySelf: 'start', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } }}
          >
            <ToggleButton value="monthly">{t('billing.monthly')}</ToggleButton>
            <ToggleButton value="annual">{t('billing.annual')}</ToggleButton>
          </ToggleButtonGroup>
          {!subscribed && <PromoField value={promoCode} onChange={setPromoCode} error={failure?.promo} />}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {plans
              .filter((p) => p.interval === shown)
              .map((p) => {
                const change = planChange(p, user);
                return (
                  <Paper
                    key={p.id}
                    variant="outlined"
                    component="section"
                    aria-labelledby={`plan-${p.id}`}
                    sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start', borderWidth: p.current ? 2 : 1 }}
                  >
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography id={`plan-${p.id}`} variant="h6" component="h3">
                        {t(`billing.levels.${p.level}`)}
                      </Typography>
                      {p.current && <Chip size="small" color="primary" label={t('billing.currentPlan')} />}
                      {change.kind === 'pending' && <Chip size="small" label={t('billing.fromNextBilling')} />}
                    </Box>
                    <Typography variant="h5" component="p">
                      {money(p.price)}{' '}
                      <Typography component="span" color="text.secondary">
                        {t(p.interval === 'annual' ? 'billing.perYear' : 'billing.perMonth')}
                      </Typography>
                    </Typography>
                    {p.interval === 'annual' && (
                      <Chip size="small" color="success" variant="outlined" label={t('billing.twoMonthsFree')} />
                    )}
                    {p.currency === 'gbp' && (
                      <Typography variant="body2" color="text.secondary">
                        {t('billing.vatIncluded')}
                      </Typography>
                    )}
                    <Typography variant="body2">{t(`billing.features.${p.level}`)}</Typography>
                    {p.sms_credits > 0 && (
                      <Typography variant="body2">{t('billing.smsCredits', { count: p.sms_credits })}</Typography>
                    )}
                    {(change.kind === 'choose' || change.kind === 'keep') && (
                      <Button
                        variant={p.level === 'business' || change.kind === 'keep' ? 'contained' : 'outlined'}
                        disabled={busy}
                        onClick={() =>
                          void (liqpay && !subscribed
                            ? toLiqpay(p.id, null)
                            : act(
                                subscribed ? 'subscription.swap' : 'subscription.subscribe',
                                subscribed || !promoCode.trim()
                                  ? { plan_id: p.id }
                                  : { plan_id: p.id, promo_code: promoCode.trim() },
                                t(change.question, {
                                  plan: p.name,
                                  price: money(p.price),
                                  date: nextBilling,
                                  pending: s.pending_plan_name ?? '',
                                }),
                              ))
                        }
                      >
                        {t(
                          change.kind === 'keep' ? 'billing.keep' : subscribed ? 'billing.switchTo' : 'billing.choose',
                          {
                            plan: t(`billing.levels.${p.level}`),
                          },
                        )}
                      </Button>
                    )}
                  </Paper>
                );
              })}
          </Box>
        </>
      )}
      {plans.length > 0 && (
        <Addons subscribed={subscribed && s.auto_renew} busy={busy} periodEnd={nextBilling} act={act} />
      )}
      {subscribed && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {!s.auto_renew ? (
            <Button
              variant="contained"
              disabled={busy}
              onClick={() =>
                void (liqpay
                  ? toLiqpay(planId(s.plan_name), t('billing.liqpay.resumeQuestion', { date: endsOn }), true)
                  : act('subscription.resume', null))
              }
            >
              {t('billing.resume')}
            </Button>
          ) : (
            <Button
              color="error"
              variant="outlined"
              disabled={busy}
              onClick={() =>
                void act(
                  'subscription.cancel',
                  null,
                  // A downgrade waiting for the next billing date goes with the renewal: the question says so.
                  s.pending_plan_name
                    ? t('billing.cancelQuestionChange', { date: nextBilling, pending: s.pending_plan_name })
                    : t('billing.cancelQuestion', { date: nextBilling }),
                  // "Cancel" would read as keeping it: the answers say what each does.
                  { confirm: t('billing.cancel'), cancel: t('billing.keepSubscription') },
                )
              }
            >
              {t('billing.cancel')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
};

export default Plans;
