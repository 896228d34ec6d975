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
 * Where a toast of `height` goes in its column (`left`…`right`) so that it covers no control and nothing `kept`
 * (on a phone: the headings and the first card): from `start` (just below the header) down past each of them it
 * would overlap, to the first free place above `limit`. When none is free (a screen full of cards and buttons), the
 * place that hides the least of any one control and nothing kept, if there is one: part of a button rather than a
 * heading or the first card.
 */
export function toastTop(
  controls: Box[],
  column: { left: number; right: number },
  start: number,
  height: number,
  limit: number,
  kept: Box[] = [],
): number {
  const inColumn = (boxes: Box[]) => boxes.filter((c) => c.right > column.left && c.left < column.right);
  const soft = inColumn(controls);
  const hard = inColumn(kept);
  const hitsAt = (top: number) => [...soft, ...hard].filter((c) => c.bottom > top && c.top < top + height);
  // A share of a control costs up to 1; anything of a kept box costs more than all of a control.
  const cost = (top: number) =>
    Math.max(0, ...hitsAt(top).map((c) => covered(c, top, height) + (hard.includes(c) ? 1 : 0)));
  let best = { top: start, cost: Infinity };
  let top = start;
  for (;;) {
    const hits = hitsAt(top);
    if (hits.length === 0) return top;
    if (cost(top) < best.cost) best = { top, cost: cost(top) };
    const next = Math.max(...hits.map((c) => c.bottom)) + GAP;
    if (next + height > limit) {
      // The lowest place left is worth a look too: the jumps past tall boxes may have stepped over it.
      const last = limit - height;
      if (last > top && cost(last) < best.cost) return last;
      return best.top;
    }
    top = next;
  }
}

/** What a toast must not cover: every visible control on the page, outside the toast itself. */
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="combobox"]';
/** Below md (768 px) the toast spans the screen: it must leave the page's headings and first card too. */
const PHONE_WIDTH = 768;
const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"]';
/** A card: MUI's Card, or a Paper that is not an alert (the toast, a banner) or the app bar. */
const CARDS = '.MuiCard-root, .MuiPaper-root:not(.MuiAlert-root):not(.MuiAppBar-root)';

/** The page's first card: the first in the main area that holds no card of its own (not a page's frame of cards). */
function firstCard(doc: Document, exclude: Element | null): Element | undefined {
  const main = doc.querySelector('main') ?? doc.body;
  return [...main.querySelectorAll(CARDS)].find((el) => !exclude?.contains(el) && !el.querySelector(CARDS));
}

/**
 * The first free place below the header for a toast `width` wide at the right edge. On a phone
 * it may go down to the bottom of the screen rather than cover a heading or the first card.
 */
export function placeToast(doc: Document, width: number, height: number, exclude: Element | null): number {
  const vw = doc.documentElement.clientWidth;
  const vh = doc.documentElement.clientHeight;
  const header = doc.querySelector('header')?.getBoundingClientRect();
  const start = (header && header.bottom > 0 ? header.bottom : 0) + GAP;
  const boxes = (els: Element[]) =>
    els
      .filter((el) => !exclude?.contains(el) && !el.closest('header'))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < vh);
  const controls = boxes([...doc.querySelectorAll(CONTROLS)]);
  const right = vw - GAP;
  const column = { left: Math.max(0, right - width), right };
  if (vw >= PHONE_WIDTH) return toastTop(controls, column, start, height, vh / 2);
  // A first "card" as tall as half the screen is a page's frame (a form's): no place could leave it uncovered.
  const first = firstCard(doc, exclude);
  const card = boxes(first ? [first] : []).filter((r) => r.height < vh / 2);
  const kept = [...boxes([...doc.querySelectorAll(HEADINGS)]), ...card];
  return toastTop(controls, column, start, height, vh - GAP, kept);
}
