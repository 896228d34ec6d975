import type { Preloaded } from '@soloist/renderer';

/**
 * The answers the server put into the page for its first screen (a JSON block, not a script: the CSP allows it),
 * by URL. Read once; the block is removed, so a later screen never sees stale data.
 */
export function readPreloaded(): Preloaded {
  const block = document.getElementById('soloist-preload');
  if (!block) return {};
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '{}') as Preloaded;
  } catch {
    return {};
  }
}
