import { useEffect } from 'react';
import type { Preloaded, RestClient } from '@soloist/renderer';
import { isKeptApiRead, isSharedUiRead, OFFLINE_APPOINTMENTS, partitionName, UI_CACHE } from '../sw/partitions';
import { networkState } from './network';
import { readAgainThroughWorker } from './read-again';
import { keptSession, keptSessionTold, retellWorker } from './kept-session';
import { startWorker } from './worker';
// The browser may offer to install as soon as the worker is there: its listener is set up with the app.
import '../install/install-prompt';

/** How often the calendar's offline window is read again while online (and at once when the connection is back). */
const WINDOW_REFRESH_MS = 15 * 60 * 1000;

/**
 * The answers the page carried (its first screen's) never passed the worker: they are put where the worker keeps them
 * (the screens' language in the shared cache, the rest in the user's own), as the server gave them, so that screen
 * opens offline too.
 */
async function keepCarried(user: number, preloaded: Preloaded): Promise<void> {
  const carried = Object.entries(preloaded).filter(([, answer]) => answer.status === 200);
  const path = (url: string) => new URL(url, window.location.origin).pathname;
  const shared = carried.filter(([url]) => isSharedUiRead(path(url)));
  const own = carried.filter(([url]) => !isSharedUiRead(path(url)) && isKeptApiRead(path(url)));
  // Only while they are the one signed in: a log out meanwhile must not bring their cache back, even empty.
  if (typeof caches === 'undefined' || keptSession() !== user) return;
  const date = new Date().toUTCString();
  const put = (cache: Cache, [url, answer]: (typeof carried)[number]) =>
    cache.put(
      url,
      new Response(JSON.stringify(answer.body), { headers: { 'content-type': 'application/json', date } }),
    );
  if (shared.length) {
    const cache = await caches.open(UI_CACHE);
    await Promise.all(shared.map((answer) => put(cache, answer)));
  }
  // Opened even with nothing to put: a worker that has just started reads who is signed in from this cache's name.
  const cache = await caches.open(partitionName(user));
  await Promise.all(own.map((answer) => put(cache, answer)));
  if (keptSession() !== user) await caches.delete(partitionName(user));
}

/** Whether a service worker answers this page's requests (then what it reads is kept). */
const controlled = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/**
 * Offline support for the signed-in user: the worker registered (after load), the page's own
 * first answers kept, and — for a user who has a calendar — the next weeks' appointments read after sign-in and
 * again in the background, so the calendar shows them offline.
 */
export function useOfflineSupport(
  id: number,
  rest: Pick<RestClient, 'getJson'>,
  preloaded: Preloaded,
  hasCalendar: boolean,
): void {
  useEffect(() => {
    const keep = () => {
      if (controlled()) void keepCarried(id, preloaded).catch(() => undefined);
    };
    // Once the worker has heard who is signed in (App.tsx tells it), and before its registration (which waits for the
    // page's load): a screen left within a second of opening must still open offline.
    void keptSessionTold().then(async () => {
      keep();
      await startWorker();
    });
    // A first install takes the page over later: what the page carried is kept then, and what it read meanwhile is
    // read again through the worker (once it has heard who is signed in).
    const takenOver = () => {
      keep();
      void retellWorker().then(readAgainThroughWorker);
    };
    navigator.serviceWorker?.addEventListener('controllerchange', takenOver);
    return () => navigator.serviceWorker?.removeEventListener('controllerchange', takenOver);
  }, [id]);

  useEffect(() => {
    if (!hasCalendar || typeof window === 'undefined') return undefined;
    const keepWindow = () => {
      if (controlled() && !networkState().offline) void rest.getJson(OFFLINE_APPOINTMENTS).catch(() => undefined);
    };
    // A worker that has just taken the page over is told who is signed in first, or it would pass the answer by.
    const afterTakeOver = () => void retellWorker().then(keepWindow);
    keepWindow();
    const timer = setInterval(keepWindow, WINDOW_REFRESH_MS);
    window.addEventListener('online', keepWindow);
    navigator.serviceWorker?.addEventListener('controllerchange', afterTakeOver);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', keepWindow);
      navigator.serviceWorker?.removeEventListener('controllerchange', afterTakeOver);
    };
  }, [id, hasCalendar]);
}
