import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRenderer } from './context.js';

/** The answer to a request for access, under the heading "Request received!". Its own chunk, loaded with it. */
export default function GateAnswer({ answer, onClose }: { answer: string; onClose(): void }) {
  const { t } = useRenderer();
  const title = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={title}>
      <DialogTitle id={title}>{t('permissions.requestReceived')}</DialogTitle>
      {answer ? (
        <DialogContent>
          <DialogContentText>{answer}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('permissions.requestClose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
