import { Suspense } from 'react';
import { Link as RouterLink, useNavigate } from '../router';
import useSWR from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { routeFor } from '../../core/routes';
import type { Paged, ScreenDef } from '../../core/types';
import { runAction } from '../actions';
import { useRenderer } from '../context';
import type { ScreenProps } from '../types';
import { ScreenErrorBoundary } from '../ScreenErrorBoundary';

/** A card with the number of active records of a resource, linking to its list. */
function CountCard({ card }: { card: NonNullable<ScreenDef['cards']>[number] }) {
  const { manifest, rest, t } = useRenderer();
  const info = card.resource ? manifest.resources[card.resource] : undefined;
  const { data } = useSWR(info?.path ? ['count', info.path] : null, () =>
    rest.getList<Paged<unknown>>(info!.path!, { per_page: 1 }),
  );
  const body = (
    <CardContent>
      <Typography color="text.secondary" gutterBottom>
        {t(card.title)}
      </Typography>
      <Typography variant="h4" component="p">
        {data ? data.meta.total : <Skeleton width={60} />}
      </Typography>
    </CardContent>
  );
  return (
    <Card>
      {card.screen ? (
        <CardActionArea component={RouterLink} to={routeFor(manifest, card.screen)}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** A card's hand-written widget, by the name the card gives. */
function CardWidget({
  screen,
  card,
  path,
}: {
  screen: ScreenProps['screen'];
  card: NonNullable<ScreenProps['screen']['cards']>[number];
  path: string;
}) {
  const Widget = useRenderer().screenWidgets.get(card.widget!, path);
  return <Widget screen={screen} card={card} />;
}

/** The dashboard kind: count cards and quick links; charts plug in as widgets later. */
export default function DashboardScreen({ screen }: ScreenProps) {
  const ctx = useRenderer();
  const navigate = useNavigate();
  return (
    <Box component="section" aria-labelledby="screen-title">
      <Typography id="screen-title" variant="h5" component="h1" gutterBottom>
        {ctx.t(screen.title)}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, mb: 2 }}
      >
        {(screen.cards ?? []).map((c, i) => {
          if (!c.widget) return <CountCard key={c.title} card={c} />;
          // Each card fails and loads on its own: one broken or slow widget leaves the rest of the dashboard.
          return (
            <Box key={c.title} sx={{ gridColumn: '1 / -1' }}>
              <ScreenErrorBoundary t={ctx.t}>
                <Suspense fallback={<LinearProgress aria-label={ctx.t('app.loading')} />}>
                  <CardWidget screen={screen} card={c} path={`screens/${screen.id}#/cards/${i}/widget`} />
                </Suspense>
              </ScreenErrorBoundary>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(screen.links ?? []).map((l) => (
          <Button key={l.id} variant="outlined" onClick={() => void runAction(ctx, navigate, l, {})}>
            {ctx.t(l.label)}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
