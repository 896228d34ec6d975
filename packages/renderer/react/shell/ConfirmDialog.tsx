import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Translate } from '../../core/types.js';
import type { ConfirmLabels } from '../context.js';

/**
 * The dialog `useConfirm` asks with, its own chunk for a host to load with the first question. `labels` replace
 * Cancel/Confirm where those would be ambiguous ("Cancel" a cancellation).
 */
export default function ConfirmHost({
  text,
  labels,
  answer,
  t,
}: {
  text: string | null;
  labels?: ConfirmLabels;
  answer(ok: boolean): void;
  t: Translate;
}) {
  return (
    <Dialog
      open={text !== null}
      onClose={() => answer(false)}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
    >
      <DialogTitle id="confirm-title">{t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>{labels?.cancel ?? t('actions.cancel')}</Button>
        <Button onClick={() => answer(true)} variant="contained" autoFocus>
          {labels?.confirm ?? t('actions.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
