/** A box on the screen, in viewport pixels (a DOMRect's edges). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GAP = 8;

/** How much of `control` a toast from `top` to `top + height` covers (0 to 1: a share of its height). */
function covered(control: Box, top: number, height: number): number {
  const overlap = Math.min(control.bottom, top + height) - Math.max(control.top, top);
  return overlap <= 0 ? 0 : overlap / Math.max(1, control.bottom - control.top);
}

/**
 * Where a toast of `height` goes in its column (`left`…`right`) so that it covers no control: from `start` (just
 * below the header) down past every control it would overlap, to the first free place above `limit`. When none is
 * free (a phone screen full of cards and buttons), the place that hides the least of any one control: the top
 * strip of a large card rather than all of a banner's button.
 */
export function toastTop(
  controls: Box[],
  column: { left: number; right: number },
  start: number,
  height: number,
  limit: number,
): number {
  const inColumn = controls.filter((c) => c.right > column.left && c.left < column.right);
  let best = { top: start, cost: Infinity };
  let top = start;
  for (;;) {
    const hits = inColumn.filter((c) => c.bottom > top && c.top < top + height);
    if (hits.length === 0) return top;
    const cost = Math.max(...hits.map((c) => covered(c, top, height)));
    if (cost < best.cost) best = { top, cost };
    top = Math.max(...hits.map((c) => c.bottom)) + GAP;
    if (top + height > limit) return best.top;
  }
}

/** What a toast must not cover: every visible control on the page, outside the toast itself. */
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="combobox"]';

/** The first free place below the header for a toast `width` wide at the right edge (spec §9: top right). */
export function placeToast(doc: Document, width: number, height: number, exclude: Element | null): number {
  const vw = doc.documentElement.clientWidth;
  const vh = doc.documentElement.clientHeight;
  const header = doc.querySelector('header')?.getBoundingClientRect();
  const start = (header && header.bottom > 0 ? header.bottom : 0) + GAP;
  const controls = [...doc.querySelectorAll(CONTROLS)]
    .filter((el) => !exclude?.contains(el) && !el.closest('header'))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < vh);
  const right = vw - GAP;
  return toastTop(controls, { left: Math.max(0, right - width), right }, start, height, vh / 2);
}
