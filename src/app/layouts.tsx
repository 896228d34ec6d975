import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Loading, NavLink, preloadable, type LayoutProps } from '@soloist/renderer';
import { LanguageSelect } from './LanguageSelect';
import { useDocumentTitle } from './document-title';
import { useNetwork } from './offline/network';

const LazyShell = preloadable(() => import(/* webpackChunkName: "layout-shell" */ './ShellLayout'));

/** The owner's shell loads with the first signed-in screen; guests and the booking page never download it. */
export function ShellLayout(props: LayoutProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Loading label={t('app.loading')} />}>
      <LazyShell {...props} />
    </Suspense>
  );
}
ShellLayout.preload = LazyShell.preload;

const OfflineBanner = lazy(() =>
  import(/* webpackChunkName: "offline-notices" */ './offline/OfflineNotices').then((m) => ({
    default: m.OfflineBanner,
  })),
);

/** Offline, a guest is told why the sign-in cannot be sent (its code loads then, from the worker: never online). */
function GuestOfflineBanner() {
  const { offline } = useNetwork();
  if (!offline) return null;
  return (
    <Suspense fallback={null}>
      <OfflineBanner withSavedAt={false} />
    </Suspense>
  );
}

/** Guest pages (login): a centred card. */
export function CenteredLayout({ area, children }: LayoutProps) {
  useDocumentTitle(area);
  return (
    <Box component="main" id="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <LanguageSelect />
        </Box>
        <GuestOfflineBanner />
        <Paper elevation={0} sx={{ bgcolor: 'transparent' }}>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}

/** The public booking page: one phone-width column, nothing of the owner's app around it. */
export function PublicLayout({ area, children }: LayoutProps) {
  useDocumentTitle(area);
  return (
    <Box component="main" id="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box sx={{ width: '100%', maxWidth: 560, mx: 'auto', px: 2, pt: 1, pb: 4 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <LanguageSelect />
        </Box>
        {children}
      </Box>
    </Box>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('app.notFound')}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {t('app.notFoundText')}
      </Typography>
      <Button component={NavLink} to="/dashboard" variant="contained">
        {t('app.backHome')}
      </Button>
    </Box>
  );
}

/** The screens' definitions could not be read (the network): said in words, with a retry. */
export function ScreensFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={retry}>
          {t('app.retry')}
        </Button>
      }
    >
      {t('app.networkError')}
    </Alert>
  );
}
