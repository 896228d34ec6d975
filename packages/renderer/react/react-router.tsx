import { useCallback, useMemo } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router-dom';
import type { Navigate, RouterAdapter } from './router.js';

/**
 * The renderer's screens on a host's react-router (7): they share its history, its links and what guards its routes.
 * Mounted under a route of the host's (`/crm/*`), `basename` names that route's path: the screens keep their own
 * addresses (`/clients/7`), the browser shows the host's (`/crm/clients/7`).
 *
 * Make the adapter once (at module level, or memoised): a new one remounts the screens.
 *
 * @example
 * const crm = reactRouterAdapter({ basename: '/crm' });
 * <Route path="/crm/*" element={<RequireAuth><Layout><SchemaApp router={crm} … /></Layout></RequireAuth>} />
 */
export function reactRouterAdapter(options: { basename?: string } = {}): RouterAdapter {
  const base = (options.basename ?? '').replace(/\/+$/, '');
  const inside = (pathname: string) => {
    if (!base) return pathname;
    const rest = pathname.slice(base.length);
    return pathname.toLowerCase().startsWith(base.toLowerCase()) && (rest === '' || rest.startsWith('/'))
      ? rest || '/'
      : pathname;
  };
  return {
    useAddress() {
      const { pathname, search } = useLocation();
      return useMemo(() => ({ pathname: inside(pathname), search }), [pathname, search]);
    },
    useNavigate() {
      const navigate = useNavigate();
      return useCallback<Navigate>((to, o) => void navigate(base + to, { replace: o?.replace }), [navigate]);
    },
    useHref(to) {
      return useHref(base + to);
    },
  };
}
