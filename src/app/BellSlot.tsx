import { lazy, Suspense } from 'react';
import { useShell } from './shell-context';

const Bell = lazy(() => import(/* webpackChunkName: "widget-bell" */ '../widgets/bell/Bell'));

/** The owner's bell in the app bar (spec §4): only an owner has one (BellItem); its code loads after the shell. */
export function BellSlot() {
  const { user, ability } = useShell();
  if (!user || !ability?.can('read', 'BellItem')) return null;
  return (
    <Suspense fallback={null}>
      <Bell />
    </Suspense>
  );
}
