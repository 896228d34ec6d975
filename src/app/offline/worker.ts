import type { Workbox } from 'workbox-window';
import { keptSession, tellWorker } from './kept-session';

/*
 * The service worker, from the page's side. It is registered for a signed-in user only, after the page has loaded:
 * a guest, and the public booking page, never download it, and it never competes with a first paint. Its module
 * (workbox-window) is a chunk of its own, loaded then.
 */

let workbox: Promise<Workbox | null> | undefined;
let reloading = false;
const waitingListeners = new Set<() => void>();

/** Called when a new version of the worker is installed and waits to take over (see `applyUpdate`). */
export function onUpdateWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/** Whether a new version waits. */
export async function updateWaiting(): Promise<boolean> {
  if (!(await (workbox ?? Promise.resolve(null)))) return false;
  return Boolean((await navigator.serviceWorker.getRegistration())?.waiting);
}

/** Lets the waiting version take over; the page then reloads once ('controlling' above). */
export async function applyUpdate(): Promise<void> {
  const wb = await (workbox ?? Promise.resolve(null));
  wb?.messageSkipWaiting();
}

/** Asks the server whether the worker changed (a new build): a changed one installs and then waits. */
export async function checkForUpdate(): Promise<void> {
  const wb = await (workbox ?? Promise.resolve(null));
  await wb?.update();
}

function afterLoad(): Promise<void> {
  return document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** The manifest link (and the icon a phone's home screen uses), added with the worker: installable from then on. */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const manifest = Object.assign(document.createElement('link'), { rel: 'manifest', href: '/manifest.webmanifest' });
  const touchIcon = Object.assign(document.createElement('link'), {
    rel: 'apple-touch-icon',
    href: '/icons/icon-192.png',
  });
  document.head.append(manifest, touchIcon);
}

/** Registers the worker once (after load); null where the browser has none, or in a development build. */
export function startWorker(): Promise<Workbox | null> {
  if (!('serviceWorker' in navigator) || process.env.NODE_ENV !== 'production') return Promise.resolve(null);
  workbox ??= afterLoad().then(async () => {
    linkManifest();
    const { Workbox } = await import(/* webpackChunkName: "service-worker-window" */ 'workbox-window');
    const wb = new Workbox('/sw.js');
    wb.addEventListener('controlling', (event) => {
      // A new version took over (the user agreed, or nothing was open to lose): the page reloads once onto it.
      if (event.isUpdate) {
        if (!reloading) window.location.reload();
        reloading = true;
        return;
      }
      // A first install takes over the page: tell it who is signed in, so it keeps their answers from now on.
      void tellWorker(keptSession());
    });
    wb.addEventListener('waiting', () => waitingListeners.forEach((listener) => listener()));
    await wb.register();
    return wb;
  });
  return workbox;
}

/** The worker's registration, once registered (for the version check and updates). */
export function worker(): Promise<Workbox | null> {
  return workbox ?? Promise.resolve(null);
}
