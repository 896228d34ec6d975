import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { HttpError, useRenderer } from '../../../renderer';

/**
 * Asks before a refund, with an optional reason, then sends DELETE `path` with `{ reason }`; the server's message
 * becomes a toast. `text` says what is refunded ("£20.00 paid by Ann Lee on 3 November 2026").
 */
export function RefundDialog({
  path,
  text,
  onClose,
  labels,
}: {
  /** null: closed. */
  path: string | null;
  text: string;
  onClose(done: boolean): void;
  /** Other words for the dialog (cancelling a sale nothing was paid for): i18n keys. */
  labels?: { title: string; confirm: string; dismiss: string };
}) {
  const { rest, t, notify } = useRenderer();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function refund() {
    if (!path) return;
    setBusy(true);
    setError(null);
    try {
      const res = await rest.send<{ message?: string }>('DELETE', path, { reason: reason.trim() || null });
      notify(res.message ?? t('money.refunded'), 'success');
      setReason('');
      onClose(true);
    } catch (err) {
      setError(err instanceof HttpError ? err.message : t('errors.server'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={path !== null} onClose={() => onClose(false)} aria-labelledby="refund-title" fullWidth maxWidth="xs">
      <DialogTitle id="refund-title">{t(labels?.title ?? 'money.refundTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText gutterBottom>{text}</DialogContentText>
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
        <Button color="error" variant="contained" disabled={busy} onClick={() => void refund()}>
          {t(labels?.confirm ?? 'money.refund')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
