import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { matchRoute, type RouteParams } from '../core/route-match.js';

/**
 * The renderer's routing: screens, layouts and widgets read the address and move through these hooks and links, which
 * reach whichever router carries the address through a `RouterAdapter` — the renderer's own (./routers.tsx), or the
 * host's (react-router: `@soloist/renderer/react-router`). The renderer matches its routes itself.
 */

/**
 * Moves to `to` (absolute); `replace` swaps the current history entry instead of adding one.
 * @example const navigate: Navigate = useNavigate(); navigate('/clients/7', { replace: true });
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * An address as the screens know it: the path not decoded, the query with its `?` (or empty).
 * @example const address: Address = { pathname: '/clients/list', search: '?page=2' };
 */
export interface Address {
  pathname: string;
  search: string;
}

/**
 * How the renderer reaches a router: hooks it calls while rendering. The addresses are the screens' own (`/clients/7`);
 * an adapter for screens mounted under a host's route (`/crm/clients/7`) adds and strips that prefix. An adapter is
 * a constant: a new one remounts the screens under it.
 *
 * @example
 * const adapter: RouterAdapter = {
 *   useAddress: () => ({ pathname: '/clients/list', search: '' }),
 *   useNavigate: () => (to) => console.log('to', to),
 *   useHref: (to) => `/crm${to}`,
 * };
 */
export interface RouterAdapter {
  /** The address shown now. */
  useAddress(): Address;
  /** A function that moves to an address (stable between renders, as a router's own is). */
  useNavigate(): Navigate;
  /** The `href` a link to `to` carries; the address itself when absent. */
  useHref?(to: string): string;
}

const AdapterContext = createContext<RouterAdapter | null>(null);
const ParamsContext = createContext<RouteParams>({});
const keys = new WeakMap<RouterAdapter, number>();
let adapters = 0;

function useAdapter(): RouterAdapter {
  const adapter = useContext(AdapterContext);
  if (!adapter)
    throw new Error(
      'A screen is drawn outside a router: put it inside <BrowserRouter>, <MemoryRouter> or <RouterProvider>.',
    );
  return adapter;
}

/**
 * Hands the screens inside it a router: the host's, through its adapter.
 * @example <RouterProvider adapter={reactRouterAdapter()}><ClientsScreens /></RouterProvider>
 */
export function RouterProvider({ adapter, children }: { adapter: RouterAdapter; children: ReactNode }) {
  if (!keys.has(adapter)) keys.set(adapter, ++adapters);
  return (
    <AdapterContext.Provider key={keys.get(adapter)} value={adapter}>
      {children}
    </AdapterContext.Provider>
  );
}

/**
 * The address as the browser has it: the path not decoded, the query with its `?` (or empty).
 * @example const { pathname, search } = useAddress(); // '/clients/list', '?page=2'
 */
export function useAddress(): Address {
  return useAdapter().useAddress();
}

/**
 * Moves to another address of the app, as a link would; `replace` leaves no step in the history.
 * @example const navigate = useNavigate(); navigate('/clients/list?page=2', { replace: true });
 */
export function useNavigate(): Navigate {
  return useAdapter().useNavigate();
}

/**
 * The matched route's named parameters, decoded (`/clients/:id` on `/clients/4` → `{ id: '4' }`).
 * @example const { id } = useParams(); // on /clients/detail/:id
 */
export function useParams(): RouteParams {
  return useContext(ParamsContext);
}

/**
 * Draws its children when the address matches `path`, and hands them the route's parameters (`useParams`).
 * @example <Route path="/clients/:id"><ClientDetail /></Route>
 */
export function Route({ path, children }: { path: string; children: ReactNode }) {
  const { pathname } = useAddress();
  const params = useMemo(() => matchRoute(path, pathname), [path, pathname]);
  return params ? <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider> : null;
}

type SearchInit = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/**
 * The query as URLSearchParams, and a setter that keeps the path (`replace` as for navigate).
 * @example const [query, setQuery] = useSearchParams(); setQuery(new URLSearchParams({ page: '2' }), { replace: true });
 */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: { replace?: boolean }) => void] {
  const { pathname, search } = useAddress();
  const navigate = useNavigate();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit, options?: { replace?: boolean }) => {
      const value = String(typeof next === 'function' ? next(new URLSearchParams(query)) : next);
      navigate(pathname + (value ? `?${value}` : ''), options);
    },
    [navigate, pathname, query],
  );
  return [query, set];
}

/**
 * Whether `pattern` (`/clients/:id`, `/clients/form/:id?`) matches `path`, as the routes match it.
 * @example
 * const matches = useRouteMatcher();
 * matches('/clients/:id', '/clients/7') // → true; matches('/clients/form/:id?', '/clients/form') // → true
 */
export function useRouteMatcher(): (pattern: string, path: string) => boolean {
  return useCallback((pattern, path) => matchRoute(pattern, path) !== null, []);
}

/**
 * Navigates once rendered, and again when the path changes while it stays rendered.
 * @example <Route path="/"><Redirect to="/clients/list" replace /></Route>
 */
export function Redirect({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useAddress();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace, pathname]);
  return null;
}

/**
 * A link's props: an anchor's, with `to` (an address of the app) for `href`, and `replace`.
 * @example const props: LinkProps = { to: '/appointments/calendar/events', replace: true, className: 'muted' };
 */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

const plainClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  (!target || target === '_self');

const sameHref = (to: string) => to;

/**
 * A link that moves within the app; a link to where the user already is replaces the entry rather than adding one.
 * A click with a modifier (a new tab, a download) is left to the browser.
 * @example <Link to="/clients/7">Ada Lovelace</Link>
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, onClick, target, ...props },
  ref,
) {
  const adapter = useAdapter();
  const { pathname, search } = adapter.useAddress();
  const navigate = adapter.useNavigate();
  const href = (adapter.useHref ?? sameHref)(to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!plainClick(event, target)) return;
    event.preventDefault();
    const here = `${pathname}${search}${window.location.hash}`;
    navigate(to, { replace: replace ?? here === to });
  };
  return <a ref={ref} {...props} href={href} target={target} onClick={follow} />;
});

/**
 * A link that knows when it leads where the user is: at its path or below it (case aside) it carries
 * `aria-current="page"` and the class `active`.
 * @example <NavLink to="/clients/list">Clients</NavLink> // at /clients/list: aria-current="page", class "active"
 */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps>(function NavLink({ className, ...props }, ref) {
  const here = useAddress().pathname.toLowerCase();
  const to = props.to.split(/[?#]/)[0].toLowerCase();
  const end = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  const active = here === to || (here.startsWith(to) && here.charAt(end) === '/');
  return (
    <Link
      ref={ref}
      {...props}
      className={[className, active && 'active'].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
});
