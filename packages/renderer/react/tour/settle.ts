/** How long the page must stay still before a tour starts over it (a list's rows, a calendar's events drawn). */
export const SETTLE_QUIET_MS = 600;
/** The longest a tour waits for a busy page; past it, it starts over what is there. */
export const SETTLE_MAX_MS = 10_000;

/** Whether something on the page still says it is loading: a spinner, a skeleton's status, a busy region. */
function busy(root: ParentNode): boolean {
  return Boolean(
    root.querySelector('[role="progressbar"]:not([aria-valuenow]), [aria-busy="true"], .MuiSkeleton-root'),
  );
}

/**
 * Resolves once the screen's content is drawn: nothing says it is loading and the page has not changed for
 * `quietMs`. Resolves false when `signal` aborts (the screen left) — the tour is then not shown.
 */
export function whenSettled(
  signal: AbortSignal,
  root: ParentNode = document.body,
  quietMs = SETTLE_QUIET_MS,
  maxMs = SETTLE_MAX_MS,
): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    let last = Date.now();
    const observer = new MutationObserver(() => {
      last = Date.now();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const finish = (ok: boolean) => {
      observer.disconnect();
      clearInterval(timer);
      signal.removeEventListener('abort', abort);
      resolve(ok);
    };
    const abort = () => finish(false);
    const timer = setInterval(() => {
      const now = Date.now();
      if (now - started > maxMs || (!busy(root) && now - last >= quietMs)) finish(true);
    }, 100);
    signal.addEventListener('abort', abort);
  });
}

/** Whether a step's target is drawn and visible (not hidden by the layout at this width). */
export function isShown(selector: string): boolean {
  const el = document.querySelector(selector);
  if (!(el instanceof HTMLElement)) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}
