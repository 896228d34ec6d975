import { currentLocale } from '../i18n';
import { isKeptApiRead, isSharedUiRead } from '../sw/partitions';

/** At most this many reads are made again when the worker takes a page over. */
const MAX_READS = 60;

/**
 * On a first install the worker takes the page over only after the page has loaded and the person has maybe moved on:
 * what the page read before that never passed the worker, so nothing of it was kept, and offline those screens (and a
 * reload, which needs the texts) failed. When the worker takes over, those reads — the screens' language and the
 * signed-in user's own GETs, as the browser's resource timings list them — are made again through it, once, with the
 * full texts of the language shown, the manifest and the rules.
 */
export async function readAgainThroughWorker(): Promise<void> {
  const urls = new Set([`/api/v1/ui/locales/${currentLocale()}`, '/api/v1/ui/manifest', '/api/v1/ui/permissions']);
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    if (entry.initiatorType !== 'fetch' && entry.initiatorType !== 'xmlhttprequest') continue;
    const url = new URL(entry.name);
    if (url.origin !== window.location.origin) continue;
    if (isSharedUiRead(url.pathname) || isKeptApiRead(url.pathname)) urls.add(url.pathname + url.search);
  }
  // As the app's REST client asks (its language; the token a GET may carry), one after another: a burst would compete
  // with what the person is opening now.
  const token = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
  const headers = {
    Accept: 'application/json',
    'X-Locale': currentLocale(),
    ...(token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}),
  };
  for (const url of [...urls].slice(0, MAX_READS))
    await fetch(url, { credentials: 'include', headers }).catch(() => undefined);
}
