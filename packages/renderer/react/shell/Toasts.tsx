import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import type { Translate } from '../../core/types.js';
import { placeToast } from './toast-position.js';
import { TOAST_MS, type Toast } from './use-toasts.js';

function Progress({ id }: { id: number }) {
  const [value, setValue] = useState(100);
  useEffect(() => {
    const start = Date.now();
    const timer = setInterval(() => setValue(Math.max(0, 100 - ((Date.now() - start) / TOAST_MS) * 100)), 50);
    return () => clearInterval(timer);
  }, [id]);
  return <LinearProgress variant="determinate" value={value} color="inherit" sx={{ mt: 1, height: 3 }} aria-hidden />;
}

/**
 * The shell's toast: top right, below the header — and never over a control: the toast moves down past the banners'
 * buttons and a screen's own buttons to the first free place. On a phone, where it spans the screen, it leaves the
 * headings and the first card uncovered too, lower down if need be. Headed by its severity (`toast.success`, …),
 * closed after `TOAST_MS` with a progress bar, and with a way on when it has a link. Its own chunk for a host to load
 * with the first toast.
 */
export default function ToastHost({
  toast,
  close,
  navigate,
  t,
}: {
  toast: Toast | null;
  close(): void;
  navigate(to: string): void;
  t: Translate;
}) {
  const heading = {
    success: 'toast.success',
    error: 'toast.error',
    warning: 'toast.warning',
    info: 'toast.warning',
  } as const;
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!toast) return undefined;
    const place = () => {
      const box = ref.current?.getBoundingClientRect();
      setTop(placeToast(document, box?.width || 360, box?.height || 96, ref.current));
    };
    place();
    // The page may still be changing under the toast (a banner appears after "sign in as", a lazy screen's header
    // is revealed by Suspense through its style attribute): place it again then. The toast's own changes (its
    // progress bar) do not count.
    let frame = 0;
    const observer = new MutationObserver((records) => {
      if (records.every((r) => ref.current?.contains(r.target))) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'hidden', 'class'],
    });
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', place);
    };
  }, [toast]);
  return (
    <Snackbar
      ref={ref}
      key={toast?.id}
      open={Boolean(toast)}
      autoHideDuration={TOAST_MS}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{
        top: top === null ? { xs: 64, sm: 72 } : `${top}px !important`,
        visibility: top === null ? 'hidden' : 'visible',
      }}
    >
      {toast ? (
        <Alert
          severity={toast.severity}
          variant="filled"
          onClose={close}
          // A long word (a token, an address) wraps instead of making the message a scrolling region.
          sx={{ minWidth: 280, width: { xs: '100%', sm: 360 }, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
          slotProps={{ closeButton: { title: t('toast.dismiss'), 'aria-label': t('toast.dismiss') } }}
        >
          <AlertTitle>{t(heading[toast.severity])}</AlertTitle>
          {toast.message}
          {toast.link ? (
            <Box sx={{ mt: 1 }}>
              <Button
                onClick={() => {
                  close();
                  navigate(toast.link!.to);
                }}
                color="inherit"
                size="small"
                variant="outlined"
              >
                {toast.link.label}
              </Button>
            </Box>
          ) : null}
          <Progress id={toast.id} />
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
