import { clientsClaim, setCacheNameDetails, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  FROM_CACHE_HEADER,
  GUEST_ESSENTIALS,
  isKeptApiRead,
  isSharedUiRead,
  isKeptUpload,
  isValidatorModule,
  NOT_PAGES,
  OFFLINE_APPOINTMENTS,
  partitionName,
  partitionUser,
  RANGE_READS,
  rangeFromKept,
  stalePartitions,
  SW_VERSION,
  UI_CACHE,
  validatorsOf,
  VALIDATORS_CACHE,
} from './partitions';

/*
 * The service worker (built by Workbox's InjectManifest, which fills in the list of the build's files):
 * - the app shell and every hashed asset are precached; hashed files are answered from the cache;
 * - a navigation goes to the network (its page carries the visitor's own first answers, so it is never kept) and,
 *   when that fails, is answered by the precached shell — never for /api, /sanctum, uploads or downloads; the
 *   browser starts that request while the worker itself starts (navigation preload), so a warm start does not wait
 *   for the worker before it asks for the page;
 * - the API's GETs, and the uploaded files the screens show, go to the network first (the kept answer after 10 s without
 *   one) into the signed-in user's own cache (./partitions.ts); any other method is never cached;
 * - the validator modules (content-addressed) are cache-first.
 */

interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageLike) => void): void;
}
interface MessageLike {
  data: unknown;
  waitUntil(promise: Promise<unknown>): void;
  ports: ReadonlyArray<{ postMessage(message: unknown): void }>;
}
const worker = self as unknown as WorkerScope;

setCacheNameDetails({ prefix: 'soloist', suffix: `v${SW_VERSION}` });
cleanupOutdatedCaches();
// Workbox puts the build's file list where `self.__WB_MANIFEST` is written, so it is written out in full here.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
clientsClaim();

/** Who is signed in, as the page last said; read back from the one user cache there is when the worker restarts. */
let signedIn: number | null | undefined;
async function currentUser(): Promise<number | null> {
  if (signedIn === undefined) {
    const users = (await caches.keys()).map(partitionUser).filter((id): id is number => id !== null);
    signedIn = users.length === 1 ? users[0] : null;
  }
  return signedIn;
}

/** Marks an answer taken from the cache, with why: the page shows "saved at" and, when the network failed, goes offline. */
const markCached: WorkboxPlugin = {
  fetchDidFail: async ({ state }) => {
    if (state) state.failed = true;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, state }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(FROM_CACHE_HEADER, state?.failed ? 'network-failed' : 'network-slow');
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

/**
 * Keeps an answer only while its user is still the one signed in: a picture or a list still loading when they log out
 * (or an admin goes back from signing in as them) must not bring back the cache just deleted. Like Workbox's default,
 * only a 200 is kept.
 */
const keptWhileSignedIn = (user: number): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => (signedIn === user && response.status === 200 ? response : null),
  // A put already under way when they left lands after the cache was deleted: it goes at once.
  cacheDidUpdate: async ({ cacheName }) => {
    if (signedIn !== user) await caches.delete(cacheName);
  },
});

const strategies = new Map<number, NetworkFirst>();
function strategyFor(user: number): NetworkFirst {
  let strategy = strategies.get(user);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName: partitionName(user),
      // Past this the kept answer is shown (marked, so the page says when it was saved). Not shorter: a busy server
      // answering in a few seconds must not be passed over for an older answer that looks current.
      networkTimeoutSeconds: 10,
      plugins: [markCached, keptWhileSignedIn(user)],
    });
    strategies.set(user, strategy);
  }
  return strategy;
}

/** The calendar's range, offline, made up from the ranges and the window kept when that range itself was never read. */
async function fromKeptRanges(user: number, url: URL): Promise<Response | undefined> {
  if (!RANGE_READS.includes(url.pathname)) return undefined;
  // Matched, not opened: opening would create the cache of a user who has just left.
  if (!(await caches.has(partitionName(user)))) return undefined;
  const cache = await caches.open(partitionName(user));
  const reads = [];
  for (const request of await cache.keys()) {
    const kept = new URL(request.url);
    if (kept.pathname !== url.pathname && kept.pathname !== OFFLINE_APPOINTMENTS) continue;
    const res = await cache.match(request);
    if (res) reads.push({ url: kept, body: (await res.json()) as { data?: Array<{ id?: unknown; date?: string }> } });
  }
  const answer = rangeFromKept(url, reads);
  if (!answer) return undefined;
  return new Response(JSON.stringify(answer), {
    status: 200,
    headers: { 'content-type': 'application/json', [FROM_CACHE_HEADER]: 'network-failed' },
  });
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isSharedUiRead(url.pathname),
  new NetworkFirst({ cacheName: UI_CACHE, networkTimeoutSeconds: 10, plugins: [markCached] }),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && (isKeptApiRead(url.pathname) || isKeptUpload(url.pathname)),
  async (options) => {
    const user = await currentUser();
    if (user === null) return fetch(options.request);
    try {
      return await strategyFor(user).handle(options);
    } catch (error) {
      const fallback = await fromKeptRanges(user, options.url);
      if (fallback) return fallback;
      throw error;
    }
  },
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isValidatorModule(url.pathname),
  new CacheFirst({
    cacheName: VALIDATORS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

enableNavigationPreload();
/** Offline, any page of the app opens from the shell; its screens then read the kept answers. */
const shellWhenOffline: WorkboxPlugin = {
  handlerDidError: async () => matchPrecache('/index.html'),
};
registerRoute(
  new NavigationRoute(new NetworkOnly({ networkTimeoutSeconds: 10, plugins: [shellWhenOffline] }), {
    denylist: NOT_PAGES,
  }),
);

/** At most this many answers are kept for a user: the oldest written go first. */
const MAX_KEPT = 2000;

/**
 * Trims a user's kept answers to the newest MAX_KEPT (a cache lists its entries in the order they were written). Done
 * here, when the page says who is signed in, rather than by Workbox's expiration, which opens the cache again in the
 * background — after a log out, that brought back an empty cache of the user who had left.
 */
async function trim(user: number): Promise<void> {
  if (!(await caches.has(partitionName(user)))) return;
  const cache = await caches.open(partitionName(user));
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_KEPT)).map((key) => cache.delete(key)));
}

/**
 * Nobody is signed in any more: what the sign-in screen needs is kept, so it opens offline (its page carried it) —
 * its language, and the module that checks its form (loaded by the page before the worker was in charge, so never
 * kept on its way).
 */
async function keepGuestEssentials(): Promise<void> {
  const cache = await caches.open(UI_CACHE);
  await Promise.all(GUEST_ESSENTIALS.map((url) => cache.add(url).catch(() => undefined)));
  const kept = (url: string) =>
    cache
      .match(url)
      .then((res) => res?.json())
      .catch(() => undefined);
  const screens = await Promise.all(GUEST_ESSENTIALS.filter((url) => url.includes('/ui/screens/')).map(kept));
  const validators = await caches.open(VALIDATORS_CACHE);
  const modules = validatorsOf(await kept('/api/v1/ui/manifest'), screens);
  await Promise.all(modules.map((url) => validators.add(url).catch(() => undefined)));
}

worker.addEventListener('message', (event) => {
  const message = event.data as { type?: string; user?: number | null } | null;
  // Held by the message's lifetime, so the worker is not stopped before the browser has taken the word.
  if (message?.type === 'SKIP_WAITING') event.waitUntil(worker.skipWaiting());
  if (message?.type === 'SESSION') {
    const user = typeof message.user === 'number' ? message.user : null;
    signedIn = user;
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(stalePartitions(names, user).map((name) => caches.delete(name))))
        .then(() => event.ports[0]?.postMessage({ type: 'SESSION_READY', user }))
        .then(() => (user === null ? keepGuestEssentials() : trim(user))),
    );
  }
});
