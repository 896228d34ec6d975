import type { Area, Manifest, ScreenSummary } from './types.js';

/**
 * How often (ms) a signed-in session asks whether the screens changed (an admin's publish), by default.
 * @example const every = props.schemaPollMs ?? SCHEMA_POLL_MS; // 5000: every 5 s
 */
export const SCHEMA_POLL_MS = 5000;

export interface RouteEntry {
  path: string;
  screen: ScreenSummary;
  area: Area;
}

/**
 * The route table from the manifest: each area's screens at their routes. Screens an area names but the
 * manifest lacks are an error naming both, so a typo in navigation.json never becomes a blank page.
 * @example buildRoutes(manifest).map((r) => `${r.area.id} ${r.path}`) // ['business /clients/list', …]
 */
export function buildRoutes(manifest: Manifest): RouteEntry[] {
  const byId = new Map(manifest.screens.map((s) => [s.id, s]));
  const out: RouteEntry[] = [];
  manifest.navigation.areas.forEach((area, i) => {
    area.screens.forEach((id, j) => {
      const screen = byId.get(id);
      if (!screen) throw new Error(`Unknown screen "${id}" at navigation.json#/areas/${i}/screens/${j}`);
      out.push({ path: screen.route, screen, area });
    });
  });
  return out;
}

/**
 * A screen's route with its parameters filled: `/clients/form/:id?` + {id: 4} → `/clients/form/4`.
 * @example routeFor(manifest, 'clients.detail', { id: 7 }) // '/clients/detail/7' (routed at /clients/detail/:id)
 */
export function routeFor(manifest: Manifest, screenId: string, params: Record<string, string | number> = {}): string {
  const screen = manifest.screens.find((s) => s.id === screenId);
  if (!screen) throw new Error(`Unknown screen "${screenId}"`);
  return (
    screen.route
      .replace(/:(\w+)\??/g, (_, key: string) =>
        params[key] !== undefined ? encodeURIComponent(String(params[key])) : '',
      )
      .replace(/\/+$/, '') || '/'
  );
}

/**
 * Where one record of a resource opens: its detail screen, else its form, with the id filled; null when no screen of
 * the manifest shows one record of it.
 * @example recordRoute(manifest, 'clients', 7) // '/clients/7' (clients.detail is routed at /clients/:id)
 */
export function recordRoute(manifest: Manifest, resource: string, id: string | number): string | null {
  const ofIt = manifest.screens.filter((s) => s.resource === resource && /:id\b/.test(s.route));
  const screen = ofIt.find((s) => s.kind === 'detail') ?? ofIt.find((s) => s.kind === 'form');
  return screen ? routeFor(manifest, screen.id, { id }) : null;
}

/**
 * `path` with a query whose parameters are fields of `record` (`{ date: 'date' }` → `?date=2027-03-04`), leaving
 * out empty ones: where a saved form opens the next screen.
 */
export function withQuery(path: string, query: Record<string, string> | undefined, record: Record<string, unknown>) {
  const q = new URLSearchParams();
  for (const [name, field] of Object.entries(query ?? {})) {
    const value = record[field];
    if (value !== null && value !== undefined && value !== '') q.set(name, String(value));
  }
  const text = q.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}
