/** A box on the screen, in viewport pixels (a DOMRect's edges). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GAP = 8;

/**
 * Where a toast of `height` goes in its column (`left`…`right`) so that it covers no control: from `start` (just
 * below the header) down past every control it would overlap, to the first free place. If none is free above
 * `limit` (a page full of buttons), it stays at `start`: a toast must stay near the top to be seen.
 */
export function toastTop(
  controls: Box[],
  column: { left: number; right: number },
  start: number,
  height: number,
  limit: number,
): number {
  let top = start;
  for (;;) {
    const hits = controls.filter(
      (c) => c.right > column.left && c.left < column.right && c.bottom > top && c.top < top + height,
    );
    if (hits.length === 0) return top;
    top = Math.max(...hits.map((c) => c.bottom)) + GAP;
    if (top + height > limit) return start;
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
