import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from '@soloist/renderer';
import { SWRConfig } from 'swr';
import { createRegistry } from '../../packages/renderer/core/registry';
import type { Manifest } from '../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue, type ScreenWidget } from '../../packages/renderer/react/context';
import { LookProvider } from '../../packages/renderer/react/look';
import { muiLook } from '../../packages/renderer/react/shell/mui-look';

/** A renderer context for one screen under test: keys for texts, everything allowed, nothing registered. */
export function rendererContext(overrides: Partial<RendererContextValue> = {}): RendererContextValue {
  return {
    manifest: {
      hash: 'h',
      navigation: { areas: [], redirects: [], notFound: '/404' },
      screens: [],
      resources: {},
    } as unknown as Manifest,
    rest: {} as never,
    t: (k) => k,
    locale: 'en',
    can: () => true,
    widgets: createRegistry('widget'),
    screenWidgets: createRegistry<ScreenWidget>('screen widget'),
    formContext: {},
    notify: () => undefined,
    confirm: async () => true,
    checkGate: () => null,
    onSession: async () => undefined,
    ...overrides,
  };
}

/** Renders `element` as a screen, in the app's look (MUI): a fresh SWR cache, the context, and a router at `path`. */
export function renderScreen(element: ReactNode, context: RendererContextValue, path = '/') {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={context}>
        <LookProvider look={muiLook}>
          <MemoryRouter path={path}>{element}</MemoryRouter>
        </LookProvider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
}
