import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import type { Severity } from '../../renderer';

export const TOAST_MS = 3000;

interface Toast {
  id: number;
  message: string;
  severity: Severity;
}

/** Toasts per spec §9: 3 s, top right, with a progress bar; headings from §8 ("Successed!", "Failed!"). */
export function useToasts() {
  const [toast, setToast] = useState<Toast | null>(null);
  const notify = useCallback((message: string, severity: Severity = 'success') => setToast({ id: Date.now(), message, severity }), []);
  return { toast, notify, close: () => setToast(null) };
}

function Progress({ id }: { id: number }) {
  const [value, setValue] = useState(100);
  useEffect(() => {
    const start = Date.now();
    const timer = setInterval(() => setValue(Math.max(0, 100 - ((Date.now() - start) / TOAST_MS) * 100)), 50);
    return () => clearInterval(timer);
  }, [id]);
  return <LinearProgress variant="determinate" value={value} color="inherit" sx={{ mt: 1, height: 3 }} aria-hidden />;
}

export function ToastHost({ toast, close }: { toast: Toast | null; close(): void }) {
  const { t } = useTranslation();
  const heading = { success: 'toast.success', error: 'toast.error', warning: 'toast.warning', info: 'toast.warning' } as const;
  return (
    <Snackbar key={toast?.id} open={Boolean(toast)} autoHideDuration={TOAST_MS} onClose={(_, reason) => reason !== 'clickaway' && close()} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} sx={{ top: { xs: 64, sm: 72 } }}>
      {toast ? (
        <Alert severity={toast.severity} variant="filled" onClose={close} sx={{ minWidth: 280 }} slotProps={{ closeButton: { title: t('toast.dismiss'), 'aria-label': t('toast.dismiss') } }}>
          <AlertTitle>{t(heading[toast.severity])}</AlertTitle>
          {toast.message}
          <Progress id={toast.id} />
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
