import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from '../router';
import useSWR from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CardDef } from '../../core/card-data';
import { routeFor } from '../../core/routes';
import { ofKind, type Paged } from '../../core/types';
import { runAction } from '../actions';
import { useRenderer } from '../context';
import { Loading } from '../Loading';
import type { ScreenProps } from '../types';
import { ScreenErrorBoundary } from '../ScreenErrorBoundary';
import { FigureCard } from './dashboard/FigureCard';
import { cardSpan, useDashboardCards } from './dashboard/layout';

/**
 * The period picker of screens that show a period (analytics): its own chunk, so the dashboard, which has none, does
 * not load its text fields and chips before its first paint.
 */
const PeriodPicker = lazy(() =>
  import(/* webpackChunkName: "period-picker" */ './dashboard/PeriodPicker').then((m) => ({ default: m.PeriodPicker })),
);

/** The number of active records of a resource. */
function CountFigure({ card }: { card: CardDef }) {
  const { manifest, rest } = useRenderer();
  const info = card.resource ? manifest.resources[card.resource] : undefined;
  const { data } = useSWR(info?.path ? ['count', info.path] : null, () =>
    rest.getList<Paged<unknown>>(info!.path!, { per_page: 1 }),
  );
  return (
    <Typography variant="h4" component="p" sx={{ fontWeight: 500 }}>
      {data ? data.meta.total : <Skeleton width={60} />}
    </Typography>
  );
}

/** A card's hand-written widget: its own `widget`, or for a chart the widget that draws its type (`chart-line`). */
function CardWidget({ screen, card, path }: ScreenProps & { card: CardDef; path: string }) {
  const name = card.widget ?? `chart-${card.chart!.type}`;
  const Widget = useRenderer().screenWidgets.get(name, path);
  return <Widget screen={screen} card={card} />;
}

/**
 * False until the browser has painted the screen once. Charts wait for it: their code and drawing are the heaviest
 * part of a dashboard, and the figures, agenda and headings should reach the screen first (largest contentful paint).
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame, then a task after it: the frame's paint has happened by then. The charts then render as a transition,
    // in slices, so the page keeps answering taps meanwhile.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => startTransition(() => setPainted(true)))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** One card: its heading (a link to its screen, when it names one) over its figure, chart or widget. */
function DashboardCard({
  screen,
  card,
  index,
  painted,
}: ScreenProps & { card: CardDef; index: number; painted: boolean }) {
  const ctx = useRenderer();
  const headingId = `card-${card.id ?? index}`;
  const body = card.figure ? (
    <FigureCard card={card} />
  ) : card.chart && !painted ? (
    <Skeleton variant="rectangular" height={240} />
  ) : card.widget || card.chart ? (
    // Each widget fails and loads on its own: one broken or slow card leaves the rest of the dashboard.
    <ScreenErrorBoundary t={ctx.t}>
      <Suspense fallback={<Loading label={ctx.t('app.loading')} />}>
        <CardWidget
          screen={screen}
          card={card}
          path={`screens/${screen.id}#/cards/${index}/${card.widget ? 'widget' : 'chart'}`}
        />
      </Suspense>
    </ScreenErrorBoundary>
  ) : (
    <CountFigure card={card} />
  );
  // The setup checklist draws its own frame and heading.
  if (card.widget && !card.source && !card.resource) return body;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} color="text.secondary" component="h2" variant="subtitle2" gutterBottom>
          {card.screen ? (
            <Link component={RouterLink} to={routeFor(ctx.manifest, card.screen)} color="inherit" underline="hover">
              {ctx.t(card.title)}
            </Link>
          ) : (
            ctx.t(card.title)
          )}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

/**
 * The dashboard kind: cards of figures, charts and widgets, each read from its `source`, in the order and choice
 * of the caller's settings and only where their rules allow; quick actions under them.
 */
export default function DashboardScreen(props: ScreenProps) {
  const screen = ofKind(props.screen, 'dashboard');
  const ctx = useRenderer();
  const navigate = useNavigate();
  const cards = useDashboardCards(screen);
  const painted = usePainted();
  // A quick action shows only to a caller who may do it (its `subject`, else the screen resource's).
  const own = screen.resource ? ctx.manifest.resources[screen.resource]?.subject : undefined;
  const links = (screen.links ?? []).filter((l) => {
    const subject = l.subject ?? own;
    return !l.permission || !subject || ctx.can(l.permission, subject);
  });
  return (
    <Box component="section" aria-labelledby="screen-title">
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
              variant={i === 0 ? 'contained' : 'outlined'}
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
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        {cards.map((c) => {
          const index = (screen.cards ?? []).indexOf(c);
          const span = cardSpan(c, cards);
          return (
            <Box
              key={c.id ?? c.title}
              sx={{ gridColumn: { xs: '1 / -1', sm: span >= 2 ? '1 / -1' : 'auto', lg: `span ${span}` }, minWidth: 0 }}
            >
              <DashboardCard screen={screen} card={c} index={index} painted={painted} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
