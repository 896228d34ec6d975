import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useRenderer } from '@soloist/renderer';
import { refusalOf } from './api';

/**
 * While the integrations load: the shape of a card (a skeleton, announced as loading). When they could not be read:
 * why, and a way to try again. Nothing once they are there.
 */
export function LoadState({ loading, error, retry }: { loading: boolean; error: unknown; retry(): void }) {
  const { t } = useRenderer();
  if (loading)
    return (
      <Box role="progressbar" aria-label={t('app.loading')} aria-busy="true" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="text" width="40%" height={32} />
        <Skeleton variant="rounded" height={120} />
      </Box>
    );
  if (!error) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {t('app.retry')}
        </Button>
      }
    >
      {refusalOf(error, t('app.loadFailed'))}
    </Alert>
  );
}
