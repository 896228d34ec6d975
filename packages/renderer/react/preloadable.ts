import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A component loaded on first use, whose code can also be fetched ahead (`preload()`).
 * @example
 * const Calendar: Preloadable<{ screen: ScreenDef }> = preloadable(() => import('./Calendar.js'));
 * void Calendar.preload(); // fetches its code before it is drawn
 */
export type Preloadable<P> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * Like `React.lazy`, with `preload()`: once the code has arrived, new instances render at once instead of
 * suspending for a turn. A host that awaits the first screen's `preload()` before its first render paints that
 * screen in one pass. Each instance keeps the type it started with, so nothing remounts when loading finishes.
 *
 * @example
 * const ListScreen = preloadable(() => import('./screens/ListScreen.js'));
 * await ListScreen.preload();
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (error: unknown) => {
        pending = undefined; // a failed fetch may be tried again
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    const [Ready] = useState<ComponentType<P> | undefined>(() => loaded);
    return Ready ? createElement(Ready, props) : createElement(Lazy as unknown as ComponentType<P>, props);
  }
  return Object.assign(Preloaded, { preload });
}
