import { currentLocale } from '../i18n';
import { isKeptApiRead, isSharedUiRead } from '../sw/partitions';
import { readsSoFar } from './network';

/** At most this many reads are made again when the worker takes a page over. */
const MAX_READS = 60;

/**
 * On a first install the worker takes the page over only after the page has loaded and the person has maybe moved on:
 * what the page read before that never passed the worker, so nothing of it was kept, and offline those screens (and a
 * reload, which needs the texts) failed. When the worker takes over, those reads — the screens' language and the
 * signed-in user's own GETs, as the app's fetch noted them — are made again through it, once, with the
 * full texts of the language shown, the manifest and the rules.
 */
export async function readAgainThroughWorker(): Promise<void> {
  const urls = new Set([`/api/v1/ui/locales/${currentLocale()}`, '/api/v1/ui/manifest', '/api/v1/ui/permissions']);
  // The app's own GETs (its REST client's fetch notes them): a resource timing has no method, and read again as a
  // GET, the log in's POST was a 404 in the console.
  for (const read of readsSoFar()) {
    const pathname = read.split('?')[0];
    if (isSharedUiRead(pathname) || isKeptApiRead(pathname)) urls.add(read);
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
