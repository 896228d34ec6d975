import { Link as RouterLink } from '../router.js';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { routeFor } from '../../core/routes.js';
import type { ScreenDef } from '../../core/types.js';
import { useRenderer } from '../context.js';

/**
 * What a detail or edit screen shows for a record that does not exist (or is not the caller's): said in words,
 * with the way back to the resource's list (or the previous page when it has none).
 */
export function NotFound({ screen }: { screen: ScreenDef }) {
  const { manifest, t } = useRenderer();
  const list = manifest.screens.find((s) => s.kind === 'list' && s.resource === screen.resource);
  return (
    <Paper
      component="section"
      role="alert"
      aria-labelledby="not-found-title"
      sx={{ p: { xs: 2, md: 4 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}
    >
      <Typography id="not-found-title" variant="h5" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.text')}
      </Typography>
      {list ? (
        <Button variant="contained" component={RouterLink} to={routeFor(manifest, list.id)}>
          {t('notFound.toList', { list: t(list.title) })}
        </Button>
      ) : (
        <Button variant="contained" onClick={() => window.history.back()}>
          {t('actions.back')}
        </Button>
      )}
    </Paper>
  );
}
