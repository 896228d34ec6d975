/**
 * Route patterns as the screen language writes them, matched the way history routers match them: a segment
 * `:name` is a parameter, `:name?` one that may be absent, `*` the rest of the path (its parameter is `*`); case
 * aside, and a trailing slash allowed. The renderer matches its own routes, so any router can carry the address.
 */

/**
 * A matched route's parameters, decoded; an optional one that was absent is `undefined`.
 * @example const params: RouteParams = { id: '7' }; // `/clients/form/:id?` on /clients/form/7
 */
export type RouteParams = Record<string, string | undefined>;

interface Compiled {
  pattern: RegExp;
  keys: string[];
}

const compiled = new Map<string, Compiled>();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function compile(route: string): Compiled {
  const keys: string[] = [];
  let source = '';
  const segments = route.split('/');
  if (segments[0] === '') segments.shift();
  for (const segment of segments) {
    if (segment === '*' || segment === '*?') {
      keys.push('*');
      source += segment === '*' ? '/(.*)' : '(?:/(.*))?';
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      keys.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]+?))?' : '/([^/]+?)';
    } else {
      source += `/${escape(segment)}`;
    }
  }
  return { pattern: new RegExp(`^${source}/?$`, 'i'), keys };
}

/**
 * The parameters `route` takes from `path` (not decoded, as the address bar has it), or null when it does not match.
 *
 * @example
 * matchRoute('/clients/:id', '/clients/7') // → { id: '7' }
 * matchRoute('/clients/form/:id?', '/clients/form') // → { id: undefined }
 * matchRoute('/clients/:id', '/invoices/7') // → null
 */
export function matchRoute(route: string, path: string): RouteParams | null {
  let entry = compiled.get(route);
  if (!entry) {
    entry = compile(route);
    compiled.set(route, entry);
  }
  const found = entry.pattern.exec(path);
  if (!found) return null;
  return Object.fromEntries(
    entry.keys.map((key, i) => [key, found[i + 1] === undefined ? undefined : decode(found[i + 1])]),
  );
}
