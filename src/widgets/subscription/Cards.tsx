import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HttpError, useAddress, useCall, useMutation, useRenderer, type ScreenWidget } from '@soloist/renderer';
import type { CallAnswer } from '../../domain/calls';
import { useWidgetHost } from '../host';
import { SubscriptionTabs } from './SubscriptionTabs';

/** A saved card, as GET /subscription/cards answers it. */
type Card = CallAnswer<'subscription.cards', '200'>['data'][number];

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/**
 * The owner's cards (spec §2 subscription cards): brand, last four digits, expiry, the default marked; add one on
 * the provider's hosted page (no card number passes through the app), make one the default, remove one (not the
 * default while it pays for the subscription: the server says so in words).
 */
const Cards: ScreenWidget = () => {
  const { t, notify, confirm } = useRenderer();
  const write = useMutation();
  const { search } = useAddress();
  const { data, error, isLoading } = useCall<{ data: Card[] }>('subscription.cards');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cards = data?.data ?? [];
  const saved = new URLSearchParams(search).get('card') === 'saved';
  // UA owners pay through LiqPay, which keeps the card on its side.
  const liqpay = useWidgetHost().user?.region === 'UA';

  /** A card call (it reads the subscription's answers again): to the provider's page, or its message. */
  async function run(call: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      const res = (await call()) as { message?: string; data?: { url: string } } | undefined;
      if (res?.data?.url) return window.location.assign(res.data.url);
      if (res?.message) notify(res.message, 'success');
    } catch (err) {
      setFailure(err instanceof HttpError ? err.message : t('errors.server'));
    } finally {
      setBusy(false);
    }
  }
  const add = () => run(() => write.call('subscription.card-add', { body: {} }));
  const makeDefault = (c: Card) =>
    run(() => write.call('subscription.card-default', { params: { id: c.id }, body: {} }));
  const remove = async (c: Card) => {
    if (!(await confirm(t('billing.removeCardQuestion', { card: `${BRANDS[c.brand] ?? c.brand} •••• ${c.last4}` }))))
      return;
    await run(() => write.call('subscription.card-delete', { params: { id: c.id } }));
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SubscriptionTabs />
      {isLoading && <LinearProgress aria-label={t('app.loading')} />}
      {error && <Alert severity="error">{error instanceof HttpError ? error.message : t('app.loadFailed')}</Alert>}
      {saved && !failure && <Alert severity="success">{t('billing.cardSaved')}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      {liqpay && <Alert severity="info">{t('billing.liqpay.cardsNote')}</Alert>}
      {data && !liqpay && cards.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{t('billing.noCards')}</Typography>
        </Paper>
      )}
      {cards.map((c) => (
        <Paper
          key={c.id}
          variant="outlined"
          sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Box sx={{ flex: '1 1 200px' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {BRANDS[c.brand] ?? c.brand} •••• {c.last4}{' '}
              {c.default && <Chip size="small" color="primary" label={t('billing.defaultCard')} sx={{ ml: 1 }} />}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('billing.expires', { date: `${String(c.exp_month).padStart(2, '0')}/${c.exp_year}` })}
            </Typography>
          </Box>
          {!c.default && (
            <Button size="small" disabled={busy} onClick={() => void makeDefault(c)}>
              {t('billing.makeDefault')}
            </Button>
          )}
          <Button size="small" color="error" disabled={busy} onClick={() => void remove(c)}>
            {t('billing.removeCard')}
          </Button>
        </Paper>
      ))}
      {data && !liqpay && (
        <Box>
          <Button variant="contained" disabled={busy} onClick={() => void add()}>
            {t('billing.addCard')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('billing.hostedNote')}
          </Typography>
        </Box>
      )}
    </Box>
  );
};

export default Cards;
