import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useAddress } from '@soloist/renderer';
import { INTL_LOCALES } from '../i18n';
import { useShell } from '../shell-context';
import { takeWarning, useNetwork } from './network';

/** "14:05": the time a kept answer was written, as the reader's language writes a clock time. */
export function clockTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/**
 * Spec §8: 'You are OFFLINE and in READ-ONLY mode', with when the data shown was saved (`savedAt`: not on a page that
 * shows nobody's data, the sign-in). In the page's flow.
 */
export function OfflineBanner({ withSavedAt = true }: { withSavedAt?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { offline, savedAt } = useNetwork();
  if (!offline) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }} data-testid="offline-banner">
      <strong>{t('offline.banner')}</strong>
      {/* On a phone the time goes under the words, never a separator left at a line's end or start. */}
      {withSavedAt && savedAt !== null && (
        <>
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {' · '}
          </Box>
          <Box component="span" sx={{ display: { xs: 'block', sm: 'inline' }, whiteSpace: 'nowrap' }}>
            {t('offline.savedAt', { time: clockTime(savedAt, INTL_LOCALES[locale]) })}
          </Box>
        </>
      )}
    </Alert>
  );
}

/**
 * Spec §2/§8: the 'NO INTERNET CONNECTION' warning, once per time the app goes offline (at the next navigation, or
 * at once), however many screens are opened or reloaded in that time.
 */
export function OfflineDialog() {
  const { t } = useTranslation();
  const { offline, episode } = useNetwork();
  const { pathname } = useAddress();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (takeWarning()) setOpen(true);
    if (!offline) setOpen(false);
  }, [offline, episode, pathname]);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="offline-title">
      <DialogTitle id="offline-title">{t('offline.dialogTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('offline.dialogText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => setOpen(false)} autoFocus>
          {t('offline.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
