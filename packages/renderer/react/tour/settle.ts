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

/**
 * A dialog the user has open over the screen (an appointment, a confirmation): not a tour's own popover, nor a
 * dialog that holds the tour's targets (a screen drawn in a dialog has its tour there).
 */
export function dialogOpen(targets: readonly string[] = [], root: ParentNode = document): boolean {
  return [...root.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some(
    (el) =>
      !el.classList.contains('driver-popover') &&
      el instanceof HTMLElement &&
      el.getClientRects().length > 0 &&
      !targets.some((selector) => el.querySelector(selector)),
  );
}

/**
 * Resolves once no dialog is open over the screen (`targets`: the tour's own, see `dialogOpen`): a tour offered the
 * first time waits until the user has closed what they opened (an appointment clicked while the calendar was still
 * drawing), rather than pointing over it. Resolves false when `signal` aborts (the screen left).
 */
export function whenNoDialog(signal: AbortSignal, targets: readonly string[] = [], everyMs = 200): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (signal.aborted) return finish(false);
      if (!dialogOpen(targets)) finish(true);
    };
    const finish = (ok: boolean) => {
      clearInterval(timer);
      signal.removeEventListener('abort', abort);
      resolve(ok);
    };
    const abort = () => finish(false);
    const timer = setInterval(check, everyMs);
    signal.addEventListener('abort', abort);
    check();
  });
}
