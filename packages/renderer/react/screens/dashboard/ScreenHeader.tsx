import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ScreenDef } from '../../../core/types.js';
import { writesData } from '../../../core/writes.js';
import { runAction } from '../../actions.js';
import { useRenderer } from '../../context.js';
import { useNavigate } from '../../router.js';

/**
 * The period picker of screens that show a period (analytics): its own chunk, so the dashboard, which has none, does
 * not load its text fields and chips before its first paint.
 */
const PeriodPicker = lazy(() =>
  import(/* webpackChunkName: "period-picker" */ './PeriodPicker.js').then((m) => ({ default: m.PeriodPicker })),
);

/**
 * The top of a dashboard or a page: its title (the screen's heading, `#screen-title`), its links — each shown only
 * to a caller who may follow it (its `subject`, else the screen resource's) — and its period, when it has one.
 */
export function ScreenHeader({ screen }: { screen: ScreenDef<'dashboard'> | ScreenDef<'page'> }) {
  const ctx = useRenderer();
  const navigate = useNavigate();
  const own = screen.resource ? ctx.manifest.resources[screen.resource]?.subject : undefined;
  const links = (screen.links ?? []).filter((l) => {
    const subject = l.subject ?? own;
    return !l.permission || !subject || ctx.can(l.permission, subject);
  });
  return (
    <>
      <Typography id="screen-title" variant="h5" component="h1" gutterBottom>
        {ctx.t(screen.title)}
      </Typography>
      {links.length > 0 && (
        <Box
          component="nav"
          aria-label={ctx.t('dashboard.quickActions')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
        >
          {links.map((l, i) => (
            <Button
              key={l.id}
              data-tour={`action-${l.id}`}
              variant={i === 0 ? 'contained' : 'outlined'}
              disabled={ctx.readOnly && writesData(l, ctx.manifest.screens)}
              onClick={() => void runAction(ctx, navigate, l, {})}
            >
              {ctx.t(l.label)}
            </Button>
          ))}
        </Box>
      )}
      {screen.period && (
        <Suspense fallback={<Skeleton variant="rectangular" height={56} sx={{ mb: 2 }} />}>
          <PeriodPicker />
        </Suspense>
      )}
    </>
  );
}
