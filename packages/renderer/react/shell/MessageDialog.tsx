import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { MessageProps } from '../look.js';

/** The MUI look's message: a dialog with a heading, the text, and one button that closes it. Its own chunk. */
export default function MessageDialog({ title, children, closeLabel, onClose }: MessageProps) {
  const heading = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={heading}>
      <DialogTitle id={heading}>{title}</DialogTitle>
      {children ? (
        <DialogContent>
          <DialogContentText>{children}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {closeLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
