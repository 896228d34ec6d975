import type { Navigation } from './generated/schema-language.js';
import type { ChartSeries } from './overlay-cards.js';
import { applyOverlay, OverlayError, resolveTarget, type Overlay, type OverlayChange } from './overlay.js';
import type { FieldShape } from './overlay-widgets.js';

/**
 * What becomes of each live change when the shipped screens change under it (an upgrade): each is applied again, in
 * order, over the new base, and classed —
 * - `applied`: as it was made;
 * - `rebased`: applied, but not quite as asked, because the base moved around it (a move to a place the list no longer
 *   reaches, now at its end);
 * - `conflict`: its node is there, but the change no longer holds (a field the form now requires, hidden; anything the
 *   checks now refuse) — left out;
 * - `orphaned`: what it changed is gone (a column, a field, a screen, a menu area) — left out.
 * A change left out never stops a screen from rendering: the rest still apply.
 */
export type UpgradeClass = 'applied' | 'rebased' | 'conflict' | 'orphaned';

export interface UpgradeEntry {
  index: number;
  change: OverlayChange;
  class: UpgradeClass;
  /** Why it was left out, in the checks' words. */
  reason?: string;
}

type ScreenFile = Record<string, unknown> & { id: string };
type Base = { screens: ReadonlyMap<string, ScreenFile>; navigation: Navigation };

/** The checks' words for a node that is no longer there. */
const GONE = /^(nothing at "|no screen "|no navigation area ")/;

/**
 * What became of each live change of an overlay over the new shipped screens: applied as it was, rebased (it landed
 * elsewhere), in conflict, or orphaned (its target gone), each with its index and, when refused, the reason.
 * @example classifyUpgrade({ screens, navigation }, live) // [{ index: 0, change, class: 'rebased' }, …]
 */
export function classifyUpgrade(
  base: Base,
  overlay: Overlay,
  required: (screen: ScreenFile) => string[] = () => [],
  readable: (screen: ScreenFile) => string[] = () => [],
  shapes: (screen: ScreenFile) => Record<string, FieldShape> = () => ({}),
  charts: (screen: ScreenFile) => ChartSeries[] = () => [],
): UpgradeEntry[] {
  const kept: OverlayChange[] = [];
  return overlay.changes.map((change, index) => {
    let applied: ReturnType<typeof applyOverlay>;
    try {
      applied = applyOverlay(base, { changes: [...kept, change] }, required, readable, shapes, charts);
    } catch (err) {
      if (!(err instanceof OverlayError)) throw err;
      const reason = err.message.slice(err.path.length + 2);
      return { index, change, class: GONE.test(reason) ? 'orphaned' : 'conflict', reason };
    }
    kept.push(change);
    return { index, change, class: landedElsewhere(applied, change) ? 'rebased' : 'applied' };
  });
}

/** A screen's move that could not reach the place asked for (the list is shorter now). */
function landedElsewhere(applied: ReturnType<typeof applyOverlay>, change: OverlayChange): boolean {
  if (change.op !== 'move') return false;
  const screen = applied.screens.get(change.screen);
  return Boolean(screen) && resolveTarget(screen!, change.target).index !== change.value;
}
