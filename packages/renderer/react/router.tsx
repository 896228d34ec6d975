import {
  createContext,
  forwardRef,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import { Link as RouteLink, matchRoute, Router, useLocation, useParams as useRouteParams, useRouter } from 'wouter';

/**
 * The renderer's router: wouter under the names screens, layouts and widgets use. The address is held the way a
 * history router holds it: read when the router mounts, changed by its own navigations and by the browser's back
 * and forward (as transitions: a screen whose code is still loading leaves the last one shown meanwhile), and not
 * by a host writing to `history` itself (such a host remounts the router).
 */

/**
 * Moves to `to` (absolute); `replace` swaps the current history entry instead of adding one.
 * @example const navigate: Navigate = useNavigate(); navigate('/clients/7', { replace: true });
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

interface Address {
  pathname: string;
  search: string;
}

const read = (): Address => ({ pathname: window.location.pathname, search: window.location.search });
const AddressContext = createContext<Address>({ pathname: '/', search: '' });

/** A router over an address held in state: `write` records a navigation where the address lives (history, or nowhere). */
function AddressRouter({
  address,
  setAddress,
  write,
  children,
}: {
  address: Address;
  setAddress(next: Address): void;
  write(to: string, replace: boolean): Address;
  children: ReactNode;
}) {
  const location = useMemo(() => {
    const navigate: Navigate = (to, options) => {
      const next = write(to, Boolean(options?.replace));
      startTransition(() => setAddress(next));
    };
    const searchHook = () => useContext(AddressContext).search;
    const hook = Object.assign((): [string, Navigate] => [useContext(AddressContext).pathname, navigate], {
      searchHook,
    });
    return { hook, searchHook };
  }, [write, setAddress]);
  return (
    <AddressContext.Provider value={address}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </AddressContext.Provider>
  );
}

const toHistory = (to: string, replace: boolean): Address => {
  window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
  return read();
};

/** The browser's address as routes see it; a new instance (a new `key`) reads the address bar afresh. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [address, setAddress] = useState(read);
  useLayoutEffect(() => {
    const moved = () => startTransition(() => setAddress(read()));
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  return (
    <AddressRouter address={address} setAddress={setAddress} write={toHistory}>
      {children}
    </AddressRouter>
  );
}

/**
 * An address of its own, starting at `path`, that never touches the browser's: a screen drawn inside another (an
 * admin's preview) moves within it, and the page around it stays where it is.
 */
export function MemoryRouter({ path, children }: { path: string; children: ReactNode }) {
  const [address, setAddress] = useState<Address>(() => parse(path));
  return (
    <AddressRouter address={address} setAddress={setAddress} write={parse}>
      {children}
    </AddressRouter>
  );
}

const parse = (to: string): Address => {
  const at = to.indexOf('?');
  return at < 0 ? { pathname: to, search: '' } : { pathname: to.slice(0, at), search: to.slice(at) };
};

/**
 * The address as the browser has it: the path not decoded, the query with its `?` (or empty).
 * @example const { pathname, search } = useAddress(); // '/clients/list', '?page=2'
 */
export function useAddress(): { pathname: string; search: string } {
  const router = useRouter();
  const [pathname] = router.hook(router) as [string, Navigate];
  const query = router.searchHook(router);
  return { pathname, search: query && !query.startsWith('?') ? `?${query}` : query };
}

/**
 * Moves to another address of the app, as a link would; `replace` leaves no step in the history.
 * @example const navigate = useNavigate(); navigate('/clients/list?page=2', { replace: true });
 */
export function useNavigate(): Navigate {
  return useLocation()[1] as Navigate;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The matched route's named parameters, decoded (`/clients/:id` on `/clients/4` → `{ id: '4' }`).
 * @example const { id } = useParams(); // on /clients/detail/:id
 */
export function useParams(): Record<string, string | undefined> {
  const params = useRouteParams();
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(params)
          .filter(([k]) => !/^\d+$/.test(k))
          .map(([k, v]) => [k, v === undefined ? v : decode(v)]),
      ),
    [params],
  );
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
  const { parser } = useRouter();
  return useCallback((pattern, path) => matchRoute(parser, pattern, path)[0], [parser]);
}

/** Navigates once rendered, and again when the path changes while it stays rendered. */
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

/**
 * A link that moves within the app; a link to where the user already is replaces the entry rather than adding one.
 * @example <Link to="/clients/7">Ada Lovelace</Link>
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ replace, ...props }, ref) {
  const { pathname, search } = useAddress();
  const here = `${pathname}${search}${window.location.hash}`;
  return <RouteLink ref={ref} {...props} replace={replace ?? here === props.to} />;
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
