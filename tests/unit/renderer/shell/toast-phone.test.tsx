import { placeToast } from '../../../../packages/renderer/react/shell/toast-position';

/** An element of the page drawn at `box` (jsdom lays nothing out). */
function drawn<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  box: { top: number; bottom: number; left?: number; right?: number },
  parent: Element,
  attrs: Record<string, string> = {},
) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  const [left, right] = [box.left ?? 16, box.right ?? 374];
  el.getBoundingClientRect = () =>
    ({ ...box, left, right, width: right - left, height: box.bottom - box.top, x: left, y: box.top }) as DOMRect;
  parent.appendChild(el);
  return el;
}

/** A 390 × 844 phone showing the dashboard signed in as an owner: the banner, the title, cards. */
function phoneDashboard() {
  document.body.innerHTML = '';
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 390 });
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: 844 });
  drawn('header', { top: 0, bottom: 64, left: 0, right: 390 }, document.body);
  const main = drawn('main', { top: 64, bottom: 1400, left: 0, right: 390 }, document.body);
  drawn('button', { top: 78, bottom: 132, left: 222, right: 370 }, main);
  drawn('h1', { top: 140, bottom: 172 }, main);
  const first = drawn('section', { top: 180, bottom: 313 }, main, { class: 'MuiCard-root' });
  drawn('h2', { top: 192, bottom: 214 }, first);
  drawn('button', { top: 329, bottom: 366, left: 16, right: 134 }, main);
  const second = drawn('section', { top: 380, bottom: 620 }, main, { class: 'MuiCard-root' });
  drawn('h2', { top: 392, bottom: 416 }, second);
}

const overlaps = (top: number, height: number, box: { top: number; bottom: number }) =>
  box.bottom > top && box.top < top + height;

describe('a toast on a phone', () => {
  it('covers neither the first card nor a heading (nor a button), going further down the screen', () => {
    phoneDashboard();
    const top = placeToast(document, 374, 87, null);
    for (const box of [
      { top: 78, bottom: 132 },
      { top: 140, bottom: 172 },
      { top: 180, bottom: 313 },
      { top: 329, bottom: 366 },
      { top: 392, bottom: 416 },
    ])
      expect(overlaps(top, 87, box)).toBe(false);
    expect(top + 87).toBeLessThanOrEqual(844);
    expect(top).toBe(424);
  });

  it('on a phone full of headings and buttons, still leaves the first card and the headings uncovered', () => {
    phoneDashboard();
    const main = document.querySelector('main')!;
    // Buttons in every gap below the first card down to the bottom of the screen.
    for (let y = 424; y < 844; y += 60) drawn('button', { top: y, bottom: y + 40 }, main);
    const top = placeToast(document, 374, 87, null);
    for (const box of [
      { top: 140, bottom: 172 },
      { top: 180, bottom: 313 },
      { top: 392, bottom: 416 },
    ])
      expect(overlaps(top, 87, box)).toBe(false);
  });
});
