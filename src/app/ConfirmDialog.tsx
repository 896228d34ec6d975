import { useCallback, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ConfirmLabels } from '../../renderer';

/** A promise-based confirm dialog: `await confirm(text)` is true when the user confirms. */
export function useConfirm() {
  const [text, setText] = useState<string | null>(null);
  const [labels, setLabels] = useState<ConfirmLabels | undefined>(undefined);
  const resolver = useRef<(ok: boolean) => void>(() => undefined);
  const confirm = useCallback((message: string, named?: ConfirmLabels) => new Promise<boolean>((resolve) => {
    resolver.current = resolve;
    setLabels(named);
    setText(message);
  }), []);
  const answer = (ok: boolean) => {
    resolver.current(ok);
    setText(null);
  };
  return { text, labels, confirm, answer };
}

/** The dialog itself; `labels` replace Cancel/Confirm where those would be ambiguous ("Cancel" a cancellation). */
export function ConfirmHost({ text, labels, answer }: { text: string | null; labels?: ConfirmLabels; answer(ok: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={text !== null} onClose={() => answer(false)} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>{labels?.cancel ?? t('actions.cancel')}</Button>
        <Button onClick={() => answer(true)} variant="contained" autoFocus>{labels?.confirm ?? t('actions.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
