import type { Workbox } from 'workbox-window';
import { retellWorker } from './kept-session';

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

/** How long the page must have finished no request before the waiting version is told to take over. */
const QUIET_MS = 1_000;
const QUIET_AT_MOST_MS = 15_000;

/** Resolves once no request of this page has ended for QUIET_MS (or after QUIET_AT_MOST_MS, whatever the page does). */
function quietMoment(): Promise<void> {
  return new Promise((resolve) => {
    let last = performance.now();
    const observer = new PerformanceObserver(() => (last = performance.now()));
    observer.observe({ type: 'resource' });
    const started = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      if (now - last < QUIET_MS && now - started < QUIET_AT_MOST_MS) return;
      clearInterval(timer);
      observer.disconnect();
      resolve();
    }, 200);
  });
}

/**
 * Lets the waiting version take over; the page then reloads once ('controlling' below). Chromium activates it once the
 * old version has stopped, which it asks of the old one as soon as that falls idle. A request of this page landing in
 * that moment starts the old version again, and the new one then waits until the old one falls idle on its own (half a
 * minute without a request, or up to five). So the word is said in a quiet moment: no request of the page just ended.
 * Said once (Chromium takes only the first), and only if it is still wanted then (`stillWanted`: not offline meanwhile).
 */
export function applyUpdate(stillWanted: () => boolean = () => true): Promise<void> {
  handingOver ??= handOver(stillWanted);
  return handingOver;
}
let handingOver: Promise<void> | undefined;

async function handOver(stillWanted: () => boolean): Promise<void> {
  const wb = await (workbox ?? Promise.resolve(null));
  if (!wb) return;
  await quietMoment();
  if (!stillWanted() || !(await navigator.serviceWorker.getRegistration())?.waiting) {
    handingOver = undefined;
    return;
  }
  wb.messageSkipWaiting();
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

/**
 * Registers the worker once (after load); null where the browser has none or refuses it, or in a development build.
 */
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
      void retellWorker();
    });
    wb.addEventListener('waiting', () => {
      handingOver = undefined; // a newer version than one told before: it is told in its turn
      waitingListeners.forEach((listener) => listener());
    });
    try {
      await wb.register();
    } catch {
      // The browser refused it (Firefox's private windows, cookies blocked for the site): the app runs online only.
      return null;
    }
    return wb;
  });
  return workbox;
}

/** The worker's registration, once registered (for the version check and updates). */
export function worker(): Promise<Workbox | null> {
  return workbox ?? Promise.resolve(null);
}
