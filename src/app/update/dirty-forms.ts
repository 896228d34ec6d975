/**
 * Whether the person has typed into a form on this screen and not sent it: an update never reloads over that
 * without asking. Read from the document's own events, so every form counts (schema forms and widgets alike).
 */
let dirtyAt: string | null = null;

function here(): string {
  return window.location.pathname + window.location.search;
}

if (typeof document !== 'undefined') {
  document.addEventListener('input', (event) => {
    if ((event.target as Element | null)?.closest?.('form')) dirtyAt = here();
  });
  document.addEventListener('submit', () => (dirtyAt = null));
}

/** True while the screen where typing happened is still the one shown. */
export function hasUnsavedForm(): boolean {
  return dirtyAt !== null && dirtyAt === here();
}
