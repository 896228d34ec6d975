import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createRestClient, preloadScreenCode } from '@soloist/renderer';
import { muiScreenKinds } from '@soloist/renderer/mui';
import { screenWidgets } from '../widgets';
import { App } from './App';
import { initI18n } from './i18n';
import { ShellLayout } from './layouts';
import { readPreloaded } from './preloaded';
import { loadPermissions } from './session';

/**
 * Starts the app. The page carries its first screen's answers; its code was preloaded beside the entry, so the texts
 * and that code are awaited together and the first render paints the screen in one pass.
 */
async function start(): Promise<void> {
  const preloaded = readPreloaded();
  const signedIn = preloaded['/api/v1/user']?.status === 200;
  await Promise.all([
    initI18n(preloaded),
    preloadScreenCode(preloaded, { screenKinds: muiScreenKinds, screenWidgets }),
    signedIn ? ShellLayout.preload().catch(() => undefined) : null,
    // The rules come with the page for a signed-in visitor; their code chunk was preloaded beside the entry.
    signedIn ? loadPermissions(createRestClient({ preloaded })) : null,
  ]);
  const container = document.getElementById('root')!;
  // A guest's page the server painted (first-paint.tsx): React takes over its markup, what was typed included. It is
  // already on screen, so the takeover waits for the browser to breathe after the code's evaluation, and goes in
  // slices (a transition): a tap meanwhile is answered at once.
  if (container.firstElementChild) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    startTransition(() => void hydrateRoot(container, <App preloaded={preloaded} />));
    return;
  }
  // A transition: React renders the first screen in slices and lets the browser breathe between them, instead of
  // one long task that would block a tap.
  const root = createRoot(container);
  startTransition(() => root.render(<App preloaded={preloaded} />));
}

void start();
