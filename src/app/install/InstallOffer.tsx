import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallWay } from './install-prompt';

const DISMISSED = 'soloist-install-dismissed';

/**
 * Spec §2: the install-to-home-screen offer. Chromium: "Install app" opens the browser's own dialog. Safari on an
 * iPhone or iPad: the share-sheet steps. "Not now" is remembered on this device.
 */
export function InstallOffer() {
  const { t } = useTranslation();
  const way = useInstallWay();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) === '1');
  if (!way || dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED, '1');
    setDismissed(true);
  };
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, '& .MuiAlert-message': { flex: 1 } }}
      onClose={dismiss}
      closeText={t('install.notNow')}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <span>{way === 'safari' ? `${t('install.offer')} ${t('install.safariSteps')}` : t('install.offer')}</span>
        {way === 'prompt' && (
          <Button variant="contained" size="small" onClick={() => void promptInstall()}>
            {t('install.install')}
          </Button>
        )}
      </Box>
    </Alert>
  );
}
