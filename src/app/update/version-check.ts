import { goOnline, networkState, onNetworkChange } from '../offline/network';
import { applyUpdate, checkForUpdate, onUpdateWaiting, updateWaiting } from '../offline/worker';
import { hasUnsavedForm } from './dirty-forms';

/** Spec §2: the version file is polled (while the page is shown and online) at this interval and on focus. */
export const VERSION_POLL_MS = 60_000;
export const VERSION_FILE = '/version.json';

/** What the version check needs of the app: to ask before losing typed changes, and to say a check failed. */
export interface VersionHooks {
  /** Asks whether to reload now over unsaved changes. */
  ask(): Promise<boolean>;
  /** Spec §8: a failed check says the server's message, or 'Error: Network Error'. */
  failed(message: string | null): void;
}

/** The build's hash from the version file; throws with the server's message (or none) when it cannot be read. */
export async function readVersion(fetchImpl: typeof fetch = fetch): Promise<string> {
  let res: Response;
  try {
    res = await fetchImpl(VERSION_FILE, { cache: 'no-store' });
  } catch {
    throw new VersionCheckError(null);
  }
  const body = (await res.json().catch(() => ({}))) as { hash?: string; message?: string };
  if (!res.ok || typeof body.hash !== 'string') throw new VersionCheckError(body.message ?? null);
  return body.hash;
}

export class VersionCheckError extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'Network Error');
  }
}

/**
 * Watches for a new build: the version file's hash is read every minute (and when the page comes back into view);
 * when it changes, the service worker is asked to update; once the new worker waits, the page moves onto it —
 * never while offline, and over unsaved changes only if the person agrees. Returns a stop function.
 */
export function watchVersion(hooks: VersionHooks): () => void {
  let known: string | null = null;
  let failing = false;
  let asking = false;

  async function settle(): Promise<void> {
    if (asking || networkState().offline || !(await updateWaiting())) return;
    if (hasUnsavedForm()) {
      asking = true;
      const reload = await hooks.ask().finally(() => (asking = false));
      if (!reload) return;
    }
    await applyUpdate(() => !networkState().offline);
  }

  async function check(): Promise<void> {
    // Asked also while the app holds itself offline because a request failed (a server restarting for a deploy) and
    // the browser says it is online: the version file read is the evidence that ends that, so the tab does not stay
    // read-only until the person moves. Not asked when the browser itself is offline.
    if (document.visibilityState !== 'visible' || navigator.onLine === false) return;
    try {
      const hash = await readVersion();
      goOnline();
      failing = false;
      if (known !== null && hash !== known) await checkForUpdate();
      known = hash;
    } catch (error) {
      // Said once per run of failures, and never for being offline (the banner says that).
      if (!failing && !networkState().offline)
        hooks.failed(error instanceof VersionCheckError ? error.serverMessage : null);
      failing = true;
    }
    await settle();
  }

  const onVisible = () => void check();
  // Back online — the browser's word or an answer fresh from the server — a waiting update is taken on. Read from the
  // app's network state once it has changed, not from the browser's 'online' event, which can come before the app
  // has taken it in (the update was then left waiting until the next poll).
  let offline = networkState().offline;
  const stopNetwork = onNetworkChange(() => {
    const back = offline && !networkState().offline;
    offline = networkState().offline;
    if (back) void settle();
  });
  const timer = setInterval(() => void check(), VERSION_POLL_MS);
  const stopWaiting = onUpdateWaiting(() => void settle());
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  void check();
  return () => {
    clearInterval(timer);
    stopWaiting();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
    stopNetwork();
  };
}
