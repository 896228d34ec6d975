import { createContext, useContext } from 'react';
import type { CurrentUser } from '../domain/current-user';

/**
 * What a widget may know of the app around it, given by the host app (`<WidgetHostContext.Provider>`): widgets
 * never import the app, so the app depends on its widgets and not the other way round.
 */
export interface WidgetHost {
  /** The signed-in user (`undefined` while loading, `null` for a guest). */
  user: CurrentUser | null | undefined;
  /** Reads the signed-in user again (after a change of plan, say), and with it what they may do. */
  reloadUser(): Promise<unknown>;
}

export const WidgetHostContext = createContext<WidgetHost | null>(null);

export function useWidgetHost(): WidgetHost {
  const host = useContext(WidgetHostContext);
  if (!host) throw new Error('useWidgetHost() outside a <WidgetHostContext.Provider>');
  return host;
}
