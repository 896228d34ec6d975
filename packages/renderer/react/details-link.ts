import type { CardDef } from '../core/card-data.js';
import { routeFor } from '../core/routes.js';
import { useRenderer } from './context.js';
import { useSearchParams } from './router.js';

/**
 * The address of the rows behind a card (its `details`): the details screen with the view and the period shown,
 * narrowed by the card's `part` or — given a bar's or slice's key — to that bar or slice. Null for a card without
 * details, or where the host has no such screen.
 * @example useDetailsLink(card)?.('3') → '/analytics/details?view=by_service&from=2026-10-01&to=2026-10-31&key=3'
 */
export function useDetailsLink(card: CardDef): ((key?: string) => string) | null {
  const { manifest } = useRenderer();
  const [query] = useSearchParams();
  const details = card.details;
  if (!details || !manifest.screens.some((s) => s.id === details.screen)) return null;
  const base = routeFor(manifest, details.screen);
  return (key) => {
    const params = new URLSearchParams({ view: details.view });
    for (const name of ['from', 'to']) if (query.get(name)) params.set(name, query.get(name)!);
    const narrowed = key ?? details.part;
    if (narrowed !== undefined) params.set('key', narrowed);
    return `${base}?${params}`;
  };
}
