import { useMemo, useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  HttpError,
  Link,
  useAddress,
  useCall,
  useDataProvider,
  useMutation,
  useRenderer,
  type ScreenWidget,
} from '@soloist/renderer';
import type { CallAnswer } from '../../domain/calls';
import { useWidgetHost } from '../host';
import { PaymentFailure } from '../subscription/PaymentFailure';
import { moneyIn } from '../money/shared';
import { liqpayLink } from '../subscription/liqpay-link';

type Credits = CallAnswer<'credits.balance', '200'>['data'];
type Bundle = CallAnswer<'credits.sms-bundles', '200'>['data'][number];
type CreditType = 'sms' | 'email';
const TYPES: readonly CreditType[] = ['sms', 'email'];

/**
 * The owner's SMS and email credits (spec §2 notifications, §9): each balance with the part that is the plan's
 * (expiring at the next renewal), the bundles on sale in the owner's currency — bought with the default card after
 * a confirmation that says what is charged — and auto-renew, which buys the last bundle again when the balance
 * falls to 10. A low SMS balance is said so. The ledger's rows are on the credit history screen.
 */
/** The balance of the type being bought, kept for the page LiqPay sends the owner back to. */
const LEFT_KEY = 'soloist.credits-before-liqpay';
function keepLeft(left: { type: CreditType; balance: number }) {
  try {
    sessionStorage.setItem(LEFT_KEY, JSON.stringify(left));
  } catch {
    // Storage refused (private mode): the page says LiqPay is confirming until it is read again.
  }
}
function readLeft(): { type: CreditType; balance: number } | null {
  try {
    const left = JSON.parse(sessionStorage.getItem(LEFT_KEY) ?? 'null') as { type?: unknown; balance?: unknown } | null;
    return left && (left.type === 'sms' || left.type === 'email') && typeof left.balance === 'number'
      ? { type: left.type, balance: left.balance }
      : null;
  } catch {
    return null;
  }
}

const CreditsWidget: ScreenWidget = () => {
  const { t, locale, notify, confirm } = useRenderer();
  const provider = useDataProvider();
  const write = useMutation();
  const { reloadUser } = useWidgetHost();
  // Back from LiqPay's page: the credits arrive with LiqPay's callback, so the balance is read again until then.
  // The balance before, kept when leaving for LiqPay, tells when they have arrived.
  const backFromLiqpay = new URLSearchParams(useAddress().search).get('liqpay') === 'done';
  const before = useMemo(() => (backFromLiqpay ? readLeft() : null), [backFromLiqpay]);
  const [arrived, setArrived] = useState(false);
  const credits = useCall<{ data: Credits }>(
    'credits.balance',
    {},
    {
      refreshInterval: backFromLiqpay && !arrived ? 3000 : 0,
      onSuccess: (res) => {
        if (before && res.data[before.type].balance > before.balance) setArrived(true);
      },
    },
  );
  const bundles = useSWR('credit-bundles', async () => {
    const lists = await Promise.all(TYPES.map((type) => provider.call<{ data: Bundle[] }>(`credits.${type}-bundles`)));
    return lists.flatMap((l) => l.data);
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; card: boolean } | null>(null);
  const money = useMemo(() => moneyIn(locale, bundles.data?.[0]?.currency ?? 'gbp'), [locale, bundles.data]);
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const data = credits.data?.data;
  const liqpay = data?.pay_with === 'liqpay';

  /** A credits call (it reads the balance again), then the user. */
  async function run(call: () => Promise<{ message?: string } | undefined>) {
    setBusy(true);
    setFailure(null);
    try {
      const res = await call();
      if (res?.message) notify(res.message, 'success');
      await reloadUser();
    } catch (err) {
      const message = err instanceof HttpError ? err.message : t('errors.server');
      setFailure({ message, card: err instanceof HttpError && err.status === 422 });
    } finally {
      setBusy(false);
    }
  }

  const buy = async (b: Bundle) => {
    const what = {
      count: b.credits,
      credits: number.format(b.credits),
      type: t(`credits.types.${b.type}`),
      price: money(b.price),
    };
    if (!(await confirm(t('credits.buyQuestion', what)))) return;
    if (liqpay) return toLiqpay(b);
    await run(() => write.call(`credits.buy-${b.type}`, { params: { id: b.id }, body: {} }));
  };
  // UA owners pay for a bundle on LiqPay's page, which sends them back here.
  async function toLiqpay(b: Bundle) {
    setBusy(true);
    setFailure(null);
    try {
      const res = await provider.call<{ data: { url: string; data: string; signature: string } }>('liqpay.widget', {
        query: { bundle_id: b.id },
      });
      const type = b.type as CreditType;
      if (data) keepLeft({ type, balance: data[type].balance });
      notify(t('billing.liqpay.toPage'), 'info');
      window.location.assign(liqpayLink(res.data));
    } catch (err) {
      setFailure({ message: err instanceof HttpError ? err.message : t('errors.server'), card: false });
      setBusy(false);
    }
  }
  const autoRenew = (type: CreditType, on: boolean) =>
    run(() => write.call('credits.auto-renew', { body: { type, auto_renew: on } }));

  const loadError = credits.error ?? bundles.error;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {(credits.isLoading || bundles.isLoading) && <LinearProgress aria-label={t('app.loading')} />}
      {loadError && (
        <Alert severity="error">{loadError instanceof HttpError ? loadError.message : t('app.loadFailed')}</Alert>
      )}
      {backFromLiqpay &&
        (arrived ? (
          <Alert severity="success">{t('credits.arrived')}</Alert>
        ) : (
          <Alert severity="info">{t('credits.confirming')}</Alert>
        ))}
      {liqpay && <Alert severity="info">{t('credits.liqpayNote')}</Alert>}
      {failure && <PaymentFailure message={failure.message} card={failure.card} />}
      {data &&
        TYPES.map((type) => {
          const c = data[type];
          const low = type === 'sms' && c.balance <= data.low_at;
          const last = (bundles.data ?? []).find((b) => b.id === c.bundle_id);
          return (
            <Paper key={type} variant="outlined" component="section" aria-labelledby={`credits-${type}`} sx={{ p: 2 }}>
              <Typography id={`credits-${type}`} variant="h6" component="h2">
                {t(`credits.titles.${type}`)}
              </Typography>
              <Typography variant="h4" component="p" sx={{ my: 1 }}>
                {t('credits.balance', { count: c.balance, credits: number.format(c.balance) })}
              </Typography>
              {c.plan > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('credits.planPart', { count: c.plan, bought: c.bought })}
                </Typography>
              )}
              {low && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  {t('credits.low', { count: c.balance })}
                </Alert>
              )}
              <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
                {t('credits.buyTitle')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {(bundles.data ?? [])
                  .filter((b) => b.type === type)
                  .map((b) => (
                    <Button key={b.id} variant="outlined" disabled={busy} onClick={() => void buy(b)}>
                      {t('credits.bundle', { credits: number.format(b.credits), price: money(b.price) })}
                    </Button>
                  ))}
              </Box>
              {!liqpay && (
                <>
                  <FormControlLabel
                    sx={{ mt: 1 }}
                    control={
                      <Switch
                        checked={c.auto_renew}
                        disabled={busy || (!c.bundle_id && !c.auto_renew)}
                        onChange={(e) => void autoRenew(type, e.target.checked)}
                        slotProps={{ input: { role: 'switch', 'aria-describedby': `auto-renew-${type}` } }}
                      />
                    }
                    label={t('credits.autoRenew')}
                  />
                  {/* The help follows the switch: what will be bought while it is on, that nothing will while off. */}
                  <Typography id={`auto-renew-${type}`} variant="body2" color="text.secondary">
                    {last
                      ? t(c.auto_renew ? 'credits.autoRenewNote' : 'credits.autoRenewOffNote', {
                          count: data.top_up_at,
                          credits: number.format(last.credits),
                          price: money(last.price),
                        })
                      : t('credits.autoRenewFirst')}
                  </Typography>
                </>
              )}
            </Paper>
          );
        })}
      {data && (
        <Typography variant="body2" color="text.secondary">
          {t('credits.terms')} <Link to="/account-setup/notifications/credit-history">{t('credits.historyLink')}</Link>
        </Typography>
      )}
    </Box>
  );
};

export default CreditsWidget;
