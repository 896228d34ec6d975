import { createContext, startTransition, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { RouterProvider, type Address, type Navigate, type RouterAdapter } from './router.js';

/**
 * The renderer's own routers, for a host without one: the browser's history, or an address held in memory. The
 * address is held the way a history router holds it: read when the router mounts, changed by its own navigations and
 * by the browser's back and forward (as transitions: a screen whose code is still loading leaves the last one shown
 * meanwhile), and not by a host writing to `history` itself (such a host remounts the router).
 */

const HeldAddress = createContext<Address>({ pathname: '/', search: '' });
const HeldNavigate = createContext<Navigate>(() => undefined);

/** The adapter over an address held in React state (by BrowserRouter or MemoryRouter). */
const heldAdapter: RouterAdapter = {
  useAddress: () => useContext(HeldAddress),
  useNavigate: () => useContext(HeldNavigate),
};

/** A router over an address held in state: `write` records a navigation where the address lives (history, or a list). */
function HeldRouter({
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
  const navigate = useMemo<Navigate>(
    () => (to, options) => {
      const next = write(to, Boolean(options?.replace));
      startTransition(() => setAddress(next));
    },
    [write, setAddress],
  );
  return (
    <HeldAddress.Provider value={address}>
      <HeldNavigate.Provider value={navigate}>
        <RouterProvider adapter={heldAdapter}>{children}</RouterProvider>
      </HeldNavigate.Provider>
    </HeldAddress.Provider>
  );
}

const read = (): Address => ({ pathname: window.location.pathname, search: window.location.search });

const toHistory = (to: string, replace: boolean): Address => {
  window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
  return read();
};

const parse = (to: string): Address => {
  const at = to.indexOf('?');
  return at < 0 ? { pathname: to, search: '' } : { pathname: to.slice(0, at), search: to.slice(at) };
};

/**
 * The browser's address as routes see it; a new instance (a new `key`) reads the address bar afresh.
 * @example createRoot(root).render(<BrowserRouter><Route path="/clients/:id"><Client /></Route></BrowserRouter>);
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [address, setAddress] = useState(read);
  useLayoutEffect(() => {
    const moved = () => startTransition(() => setAddress(read()));
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  return (
    <HeldRouter address={address} setAddress={setAddress} write={toHistory}>
      {children}
    </HeldRouter>
  );
}

/**
 * An address of its own, starting at `path`, that never touches the browser's: a screen drawn inside another (an
 * admin's preview) moves within it, and the page around it stays where it is. `history`, when given, is kept as the
 * entries so far (the first is `path`; a replace swaps the last), for a test to read.
 *
 * @example
 * const history: string[] = [];
 * render(<MemoryRouter path="/clients/7" history={history}><Client /></MemoryRouter>); // history → ['/clients/7', …]
 */
export function MemoryRouter({
  path = '/',
  history,
  children,
}: {
  path?: string;
  history?: string[];
  children: ReactNode;
}) {
  const [address, setAddress] = useState<Address>(() => {
    if (history && history.length === 0) history.push(path);
    return parse(path);
  });
  const write = useMemo(
    () => (to: string, replace: boolean) => {
      if (history) history.splice(replace ? history.length - 1 : history.length, 1, to);
      return parse(to);
    },
    [history],
  );
  return (
    <HeldRouter address={address} setAddress={setAddress} write={write}>
      {children}
    </HeldRouter>
  );
}
