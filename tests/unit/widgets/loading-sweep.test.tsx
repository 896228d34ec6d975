import path from 'node:path';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import type { Manifest } from '../../../packages/renderer/core/types';
import { RendererContext } from '../../../packages/renderer/react/context';
import { loadSchemas } from '../../../src/server/engine/schema-registry';
import { screenWidgets } from '../../../src/widgets';
import { WidgetHostContext } from '../../../src/widgets/host';
import { productManifest } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';
import { LookProvider } from '../../../packages/renderer/react/look';
import { muiLook } from '../../../packages/renderer/react/shell/mui-look';

const registry = loadSchemas(path.join(__dirname, '../../../schemas'));
const manifest = {
  hash: 'h',
  navigation: { areas: [], redirects: [], notFound: '/404' },
  screens: [...registry.screens.values()],
  resources: productManifest().resources,
  calls: registry.calls,
} as unknown as Manifest;

// Booking steps and goal steps are a wizard's, drawn by the wizard screen with its own data; charts wait behind a skeleton of their own
// size (and their drawing library is not loaded here). The rest are screens', cards' and detail sections' blocks that
// read their data themselves (a section's is handed the record shown).
const blocks = Object.entries(screenWidgets).filter(
  ([name]) => !/^(booking|goal)-(?!progress|list)/.test(name) && !name.startsWith('chart-'),
);

/** An answer that never comes: the block waits as long as the test looks. */
const never = () => new Promise<never>(() => undefined);

/**
 * Every block while its data is on its way (and the signed-in user still loading): after 300 ms it shows something —
 * its own frame and words, or a progress indicator named for screen readers — never a blank main area.
 */
afterEach(() => jest.useRealTimers());

describe.each(blocks)('%s, while its data is on its way', (name, Widget) => {
  it('is not blank after 300 ms', async () => {
    await (Widget as { preload?: () => Promise<unknown> }).preload?.();
    jest.useFakeTimers();
    const context = rendererContext({
      t: (k) => k,
      locale: 'en-GB',
      manifest,
      rest: { getJson: never, getList: never, getOne: never, send: never, peek: () => undefined } as never,
    });
    const location = { path: '/screen', history: [] as string[] };
    const card = { title: 'card.title', source: '/api/v1/data/statistic', chart: { type: 'line', values: [] } };
    const { container } = render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <RendererContext.Provider value={context}>
          <LookProvider look={muiLook}>
            <WidgetHostContext.Provider value={{ user: undefined, reloadUser: never }}>
              <MemoryRouter path={location.path} history={location.history}>
                <Widget
                  screen={{ id: 'screen', kind: 'dashboard', route: '/screen', title: 'x' } as never}
                  card={card as never}
                  detail={{ record: { id: 1, spaces: 8 }, refresh: never }}
                />
              </MemoryRouter>
            </WidgetHostContext.Provider>
          </LookProvider>
        </RendererContext.Provider>
      </SWRConfig>,
    );
    act(() => jest.advanceTimersByTime(300));
    const words = container.textContent?.trim() ?? '';
    const indicators = [...container.querySelectorAll('[role="progressbar"]')];
    const drawn = container.querySelector('svg, canvas, img, input, select, button, .MuiSkeleton-root');
    expect({ name, shows: Boolean(words || indicators.length || drawn) }).toEqual({ name, shows: true });
    for (const bar of indicators)
      expect(bar.getAttribute('aria-label') || bar.getAttribute('aria-labelledby')).toBeTruthy();
  });
});
