import { startTransition, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from '../router.js';
import useSWR from 'swr';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CardDef } from '../../core/card-data.js';
import { routeFor } from '../../core/routes.js';
import { ofKind } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { useDataProvider } from '../data.js';
import { Loading } from '../Loading.js';
import type { ScreenProps } from '../types.js';
import { ScreenErrorBoundary } from '../ScreenErrorBoundary.js';
import { FigureCard } from './dashboard/FigureCard.js';
import { ScreenHeader } from './dashboard/ScreenHeader.js';
import { cardSpan, useDashboardCards } from './dashboard/layout.js';

/** The number of active records of a resource. */
function CountFigure({ card }: { card: CardDef }) {
  const { manifest } = useRenderer();
  const provider = useDataProvider();
  const info = card.resource ? manifest.resources[card.resource] : undefined;
  const { data } = useSWR(info?.path ? ['count', info.path] : null, () =>
    provider.getList(card.resource!, { per_page: 1 }),
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

/**
 * A card's link to its screen, with the card's `query` ({from} and {to} the dashboard's period, when it has one):
 * the list behind a figure, on the tab that figure counts.
 */
function useCardLink(card: CardDef): string | null {
  const { manifest } = useRenderer();
  const [address] = useSearchParams();
  if (!card.screen) return null;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(card.query ?? {}))
    query.set(
      name,
      value.replace(/\{(from|to)\}/g, (_, part: string) => address.get(part) ?? ''),
    );
  const q = query.toString();
  return routeFor(manifest, card.screen) + (q ? `?${q}` : '');
}

/** One card: its heading (a link to its screen, when it names one) over its figure, chart or widget. */
function DashboardCard({
  screen,
  card,
  index,
  painted,
}: ScreenProps & { card: CardDef; index: number; painted: boolean }) {
  const ctx = useRenderer();
  const link = useCardLink(card);
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
          {link ? (
            <Link component={RouterLink} to={link} color="inherit" underline="hover">
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
  const cards = useDashboardCards(screen);
  const painted = usePainted();
  return (
    <Box component="section" aria-labelledby="screen-title">
      <ScreenHeader screen={screen} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        {cards.map((c) => {
          const index = (screen.cards ?? []).indexOf(c);
          const span = cardSpan(c, cards);
          return (
            <Box
              key={c.id ?? c.title}
              data-tour={c.id ? `card-${c.id}` : undefined}
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
