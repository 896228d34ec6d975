/**
 * Route ranking: when several patterns match one path, the most specific wins whatever the order they are declared
 * in (`/clients/list` beats `/clients/:id`). A router that takes the first match gets the ranked list.
 *
 * The score is the usual one for history routers: each segment counts 1, plus 10 when static, 3 when a parameter,
 * 1 when empty (the root); a splat (`*`) costs 2. An optional segment (`/:id?`) makes two patterns, with and
 * without it, ranked on their own. Equal scores keep the declared order.
 */

const PARAM = /^:[\w-]+$/;

function score(pattern: string): number {
  const segments = pattern.split('/');
  const splat = segments.includes('*');
  return segments
    .filter((s) => s !== '*')
    .reduce((sum, s) => sum + (PARAM.test(s) ? 3 : s === '' ? 1 : 10), segments.length + (splat ? -2 : 0));
}

/** `/a/:b?/c/:d?` → `/a/:b/c/:d`, `/a/:b/c`, `/a/c/:d`, `/a/c`: every pattern an optional segment allows. */
export function explodeOptional(pattern: string): string[] {
  let variants = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    const required = segment.replace(/\?$/, '');
    variants = variants.flatMap((v) => (segment.endsWith('?') ? [`${v}/${required}`, v] : [`${v}/${required}`]));
  }
  return variants.map((v) => v || '/');
}

/**
 * The routes in the order a first-match router must try them, most specific first; optional segments exploded.
 *
 * @example rankRoutes([{ path: '/clients/:id' }, { path: '/clients/list' }]) // → /clients/list, /clients/:id
 */
export function rankRoutes<T extends { path: string }>(routes: readonly T[]): (T & { pattern: string })[] {
  return routes
    .flatMap((r) => explodeOptional(r.path).map((pattern) => ({ ...r, pattern })))
    .map((r, order) => ({ r, order, score: score(r.pattern) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ r }) => r);
}
