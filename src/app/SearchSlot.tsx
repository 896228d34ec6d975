import { lazy, Suspense } from 'react';
import { useShell } from './shell-context';

const QuickSearch = lazy(
  () => import(/* webpackChunkName: "widget-quick-search" */ '../widgets/quick-search/QuickSearch'),
);

/**
 * The header's quick search (spec §8), for a user who may read clients (an owner; not an admin or an affiliate): its
 * code loads after the shell.
 */
export function SearchSlot() {
  const { user, ability } = useShell();
  if (!user || !ability?.can('read', 'Client')) return null;
  return (
    <Suspense fallback={null}>
      <QuickSearch />
    </Suspense>
  );
}
