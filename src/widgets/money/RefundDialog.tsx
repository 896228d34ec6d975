import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { currencySymbol, formatMoney, HttpError, moneyInputText, parseMoney, useRenderer } from '../../../renderer';

/**
 * Asks before a refund, with an optional reason, then sends DELETE `path` with `{ reason }`; the server's message
 * becomes a toast. `text` says what is refunded ("£20.00 paid by Ann Lee on 3 November 2026"). With `amount` (one
 * payment) it asks how much, in its currency, offering all that is left to refund; a part is sent as `amount` in
 * minor units, and more than is left, or nothing, is said before it is sent.
 */
export function RefundDialog({
  path,
  text,
  onClose,
  labels,
  amount,
}: {
  /** null: closed. */
  path: string | null;
  text: string;
  onClose(done: boolean): void;
  /** Other words for the dialog (cancelling a sale nothing was paid for): i18n keys. */
  labels?: { title: string; confirm: string; dismiss: string };
  /** What is left to refund of the payment (minor units) and its currency: the dialog asks how much. */
  amount?: { left: number; currency: string };
}) {
  const { rest, t, notify, locale } = useRenderer();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const left = amount?.left ?? 0;
  const currency = amount?.currency ?? '';

  // Each payment opened offers all that is left of it.
  useEffect(() => {
    if (path !== null && amount) setTyped(moneyInputText(left, currency, locale));
    setAmountError(null);
    setError(null);
  }, [path, left, currency, locale, amount !== undefined]);

  const minor = amount ? parseMoney(typed, currency, locale) : null;
  const money = (m: number) => formatMoney(m, locale, currency);
  const badAmount = !amount
    ? null
    : minor === null
      ? t('checkout.badAmount')
      : minor < 1
        ? t('validation.min_numeric', { field: t('fields.refund.amount'), min: money(1) })
        : minor > left
          ? t('validation.max_numeric', { field: t('fields.refund.amount'), max: money(left) })
          : null;

  async function refund() {
    if (!path || badAmount) return;
    setBusy(true);
    setError(null);
    setAmountError(null);
    try {
      const body = { reason: reason.trim() || null, ...(amount && minor !== null ? { amount: minor } : {}) };
      const res = await rest.send<{ message?: string }>('DELETE', path, body);
      notify(res.message ?? t('money.refunded'), 'success');
      setReason('');
      onClose(true);
    } catch (err) {
      if (err instanceof HttpError && err.body.errors?.amount) setAmountError(err.body.errors.amount.join(' '));
      else setError(err instanceof HttpError ? err.message : t('errors.server'));
    } finally {
      setBusy(false);
    }
  }

  const amountHelp = amountError ?? (typed !== '' ? badAmount : null);
  return (
    <Dialog open={path !== null} onClose={() => onClose(false)} aria-labelledby="refund-title" fullWidth maxWidth="xs">
      <DialogTitle id="refund-title">{t(labels?.title ?? 'money.refundTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText gutterBottom>{text}</DialogContentText>
        {amount && (
          <TextField
            fullWidth
            margin="dense"
            label={t('money.refundAmount')}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setAmountError(null);
            }}
            error={Boolean(amountHelp)}
            helperText={amountHelp ?? t('money.refundLeft', { amount: money(left) })}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'data-testid': 'refund-amount' },
              input: {
                startAdornment: <InputAdornment position="start">{currencySymbol(currency, locale)}</InputAdornment>,
              },
            }}
          />
        )}
        <TextField
          fullWidth
          margin="dense"
          label={t('money.refundReason')}
          value={reason}
          slotProps={{ htmlInput: { maxLength: 255 } }}
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(error)}
          helperText={error}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t(labels?.dismiss ?? 'actions.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy || Boolean(badAmount)} onClick={() => void refund()}>
          {t(labels?.confirm ?? 'money.refund')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
