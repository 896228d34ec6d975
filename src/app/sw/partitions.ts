/**
 * What the service worker keeps, as pure functions (the worker and the page share them, and tests read them).
 *
 * API answers are kept per signed-in user, in a cache of that user's own (`soloist-api-u<id>`): the page tells the
 * worker who is signed in, and whenever that changes (log out, another user, an admin's sign-in-as and back) every
 * other user's cache is deleted. Only one user's answers ever exist at once.
 */

/** Spec §9: the service worker's version. It names the caches, so a new version never reads an old one's. */
export const SW_VERSION = '1.2';

export const CACHE_PREFIX = 'soloist';
const API_PREFIX = `${CACHE_PREFIX}-api-u`;

/** The cache of one user's API answers. */
export function partitionName(userId: number): string {
  return `${API_PREFIX}${userId}-v${SW_VERSION}`;
}

/** The user whose answers a cache holds, or null when it is no user's cache. */
export function partitionUser(cacheName: string): number | null {
  const m = new RegExp(`^${API_PREFIX}(\\d+)-v`).exec(cacheName);
  return m ? Number(m[1]) : null;
}

/** The caches to delete when `userId` is signed in (null: nobody): every user cache but theirs. */
export function stalePartitions(cacheNames: string[], userId: number | null): string[] {
  return cacheNames.filter((name) => partitionUser(name) !== null && partitionUser(name) !== userId);
}

/**
 * Paths that are never the app's page: the API, the CSRF cookie, uploaded files, downloads. A navigation to any of
 * them goes to the network as it is.
 */
export const NOT_PAGES = [/^\/api(\/|$)/, /^\/sanctum(\/|$)/, /^\/uploads(\/|$)/, /\/download(\/|$)/, /\.\w+$/];

/**
 * The API GETs kept for offline reading: the signed-in user's own screens and data. Never the public booking
 * page's answers (a guest's, on someone else's device), files (downloads, exports, PDFs, calendar files) or the
 * validator modules (content-addressed, kept apart: they hold nobody's data).
 */
export function isKeptApiRead(pathname: string): boolean {
  if (!pathname.startsWith('/api/')) return false;
  if (pathname.startsWith('/api/ui/validators/')) return false;
  if (pathname.startsWith('/api/v1/online-booking/')) return false;
  return !/\/(download|export|template|pdf)(\/|$)|\.(ics|csv|pdf|xlsx)$/.test(pathname);
}

/**
 * The screens' own language — the manifest, each screen, the texts, the rules — is public and the same for everyone
 * (nothing of anyone's data: that stays behind the other calls). It is kept in one cache every visitor shares, a guest
 * too, so the app still opens offline after a log out.
 */
export const UI_CACHE = `${CACHE_PREFIX}-ui-v${SW_VERSION}`;

export function isSharedUiRead(pathname: string): boolean {
  return /^\/api\/v1\/ui\/(manifest|permissions|screens\/[\w.-]+|locales\/[a-z]{2})$/.test(pathname);
}

/** What opens the sign-in screen, in either language: kept when the last user logs out, for a guest offline. */
export const GUEST_ESSENTIALS = [
  '/api/v1/ui/manifest',
  '/api/v1/ui/screens/auth.login',
  '/api/v1/ui/locales/en',
  '/api/v1/ui/locales/uk',
];

/**
 * Uploaded files a signed-in user's screens show (a product's picture, a logo): kept beside that user's API answers,
 * so a list seen online shows its pictures offline too.
 */
export function isKeptUpload(pathname: string): boolean {
  return pathname.startsWith('/uploads/');
}

/** The validator modules the server builds from each schema: their URL changes with their content. */
export function isValidatorModule(pathname: string): boolean {
  return pathname.startsWith('/api/ui/validators/');
}

export const VALIDATORS_CACHE = `${CACHE_PREFIX}-validators-v${SW_VERSION}`;

/**
 * The validator modules `screens` check their forms with: each screen's resource names its module in the manifest
 * (the answers as the UI routes send them, `{ data }`). A screen or manifest not kept gives none.
 */
export function validatorsOf(
  manifest: { data?: { resources?: Record<string, { validator?: string }> } } | undefined,
  screens: Array<{ data?: { resource?: string } } | undefined>,
): string[] {
  const resources = manifest?.data?.resources ?? {};
  const named = screens.map((s) => resources[s?.data?.resource ?? '']?.validator);
  return [...new Set(named.filter((v): v is string => typeof v === 'string' && isValidatorModule(v)))];
}

export const OFFLINE_APPOINTMENTS = '/api/v1/appointments/offline';

/** Reads by a date range (`?from=&to=`): the calendar's appointments and class sessions. */
export const RANGE_READS = ['/api/v1/appointments', '/api/v1/classes/sessions'];

interface KeptRead<T> {
  url: URL;
  body: { data?: T[]; from?: string; to?: string };
}

/**
 * Offline, a range the calendar never asked for online (the month, when the week was read) is made up from what was
 * kept: every kept range of the same read that overlaps it and, for appointments, the offline window the app keeps
 * (`GET /api/v1/appointments/offline`) — each cut to the range, each record once. `kept` names the window's days: the
 * calendar says so when it shows days outside them. Null when nothing kept overlaps.
 */
export function rangeFromKept<T extends { id?: unknown; date?: string }>(
  url: URL,
  reads: Array<KeptRead<T>>,
): { data: T[]; kept?: { from: string; to: string } } | null {
  if (!RANGE_READS.includes(url.pathname)) return null;
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  if (!from || !to) return null;
  const window = reads.find((r) => url.pathname === '/api/v1/appointments' && r.url.pathname === OFFLINE_APPOINTMENTS);
  const overlapping = reads.filter((r) => {
    if (r.url.pathname !== url.pathname) return false;
    const [f, t] = [r.url.searchParams.get('from'), r.url.searchParams.get('to')];
    return Boolean(f && t && f <= to && t >= from);
  });
  const sources = [...overlapping, ...(window ? [window] : [])];
  if (sources.length === 0) return null;
  const seen = new Set<string>();
  const data: T[] = [];
  for (const item of sources.flatMap((r) => r.body.data ?? [])) {
    const key = item.id === undefined ? JSON.stringify(item) : String(item.id);
    if (typeof item.date !== 'string' || item.date < from || item.date > to || seen.has(key)) continue;
    seen.add(key);
    data.push(item);
  }
  const days = window?.body.from && window.body.to ? { from: window.body.from, to: window.body.to } : undefined;
  return days ? { data, kept: days } : { data };
}

/** The header a cached answer carries when the worker gives it: why the network's answer was not used. */
export const FROM_CACHE_HEADER = 'x-soloist-from-cache';
