import { useEffect, type ReactNode } from 'react';
import { useAddress } from './router.js';

/** Scrolls to the top whenever the path changes (spec: list screens scroll to the top on navigation). */
export function ScrollToTop({ children }: { children: ReactNode }) {
  const { pathname } = useAddress();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <>{children}</>;
}
