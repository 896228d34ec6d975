import type { FastifyInstance } from 'fastify';
import type { Navigation, Screen } from './generated/schema-language';

/**
 * What users see when admins have changed screens: the shipped screens and navigation with the live release of
 * their changes applied, the texts those changes name, and the release's name for ETags. The engine serves it; the
 * feature that keeps the releases (features/ui-config) provides it. None: the shipped files as they are.
 */
export interface LiveView {
  id: string;
  screens: ReadonlyMap<string, Screen>;
  navigation: Navigation;
  texts: Record<string, Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live view's provider: set by the feature that keeps admins' releases; none answers null. */
    liveView: { current: () => Promise<LiveView | null> };
  }
}

export function decorateLiveView(app: FastifyInstance): void {
  app.decorate('liveView', { current: async () => null });
}

/** `texts` (nested by key) with a view's flat keys (`overlay.clients_list.columns_field_phone_.label`) added. */
export function withViewTexts(texts: Record<string, unknown>, added: Record<string, string> | undefined) {
  if (!added || Object.keys(added).length === 0) return texts;
  const out = structuredClone(texts);
  for (const [key, value] of Object.entries(added)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = value;
  }
  return out;
}
