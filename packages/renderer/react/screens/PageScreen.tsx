import { Suspense } from 'react';
import Box from '@mui/material/Box';
import type { CardDef } from '../../core/card-data.js';
import { ofKind } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { Loading } from '../Loading.js';
import { ScreenErrorBoundary } from '../ScreenErrorBoundary.js';
import type { ScreenProps } from '../types.js';
import { ScreenHeader } from './dashboard/ScreenHeader.js';

/**
 * The page kind: one registered screen widget drawn across the whole main area — no card, no column — under the
 * page's title, links and period (the dashboard's). The widget gets what it gets as a dashboard's card: the screen,
 * and a card made of the page (`title`, `widget`, `source`), so the same widget serves both.
 */
export default function PageScreen(props: ScreenProps) {
  const screen = ofKind(props.screen, 'page');
  const { t, screenWidgets } = useRenderer();
  const Widget = screenWidgets.get(screen.widget, `screens/${screen.id}#/widget`);
  const card: CardDef = { title: screen.title, widget: screen.widget, source: screen.source };
  return (
    <Box component="section" aria-labelledby="screen-title" sx={{ width: '100%', minWidth: 0 }}>
      <ScreenHeader screen={screen} />
      {/* A widget that fails or waits does so under the page's heading, which stays. */}
      <ScreenErrorBoundary t={t}>
        <Suspense fallback={<Loading label={t('app.loading')} />}>
          <Widget screen={screen} card={card} />
        </Suspense>
      </ScreenErrorBoundary>
    </Box>
  );
}
