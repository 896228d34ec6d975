import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What the route sweep measures on a page, in the browser. Each check guards a class of defect that a test of one
 * screen misses: content drawn in a strip of a wide screen, a table that scrolls sideways on a desk, a page wider
 * than a phone, and texts shown as their raw keys.
 */

/** A screen of the manifest, as the sweep needs it. */
export interface SweptScreen {
  id: string;
  kind: string;
  route: string;
  resource?: string;
  cards?: Array<{ widget?: string; figure?: unknown; chart?: unknown }>;
}

interface Manifest {
  navigation: { areas: Array<{ id: string; screens: string[] }> };
  screens: SweptScreen[];
  resources: Record<string, { path?: string }>;
}

/** The manifest as the signed-in page sees it. */
export async function manifestOf(page: Page): Promise<Manifest> {
  return ((await (await page.request.get('/api/v1/ui/manifest')).json()) as { data: Manifest }).data;
}

/** Screens whose record is not read through a declared resource, and the list their records come from. */
const RECORDS_OF: Record<string, string> = {
  'sales.detail': '/api/v1/sales',
  'classes.sessions': '/api/v1/classes',
  'admin.user-sms': '/api/v1/admin/user',
  'admin.affiliate-settings': '/api/v1/admin/user?scope=affiliates',
};

/**
 * The address to open for each screen of an area: a form opens empty (`:id?` left out); a route with `:id` opens the
 * first record of its resource (a screen with no record to open fails the sweep rather than being left out).
 */
export async function addressesOf(
  page: Page,
  manifest: Manifest,
  area: string,
): Promise<Array<{ screen: SweptScreen; path: string }>> {
  const ids = manifest.navigation.areas.find((a) => a.id === area)!.screens;
  const out: Array<{ screen: SweptScreen; path: string }> = [];
  for (const id of ids) {
    const screen = ((await (await page.request.get(`/api/v1/ui/screens/${id}`)).json()) as { data: SweptScreen }).data;
    let path = screen.route.replace('/:id?', '');
    if (path.includes(':id')) {
      const api = RECORDS_OF[screen.id] ?? manifest.resources[screen.resource ?? '']?.path;
      if (!api) throw new Error(`${screen.id}: ${path} names no resource to open a record of`);
      const first = `${api}${api.includes('?') ? '&' : '?'}per_page=1`;
      const list = (await (await page.request.get(first)).json()) as { data: Array<{ id: number }> };
      if (!list.data?.length) throw new Error(`${screen.id}: the demo data has no ${screen.resource} to open`);
      path = path.replace(':id', String(list.data[0].id));
    }
    out.push({ screen, path });
  }
  return out;
}

/** What the sweeps measure on a screen: read in one call to the browser. */
export interface Measures {
  /** Texts on screen that look like i18next keys (`word.word.word`), which a missing text shows instead of words. */
  keys: string[];
  /** How wide the page is, beyond the window: a phone that has to scroll sideways. */
  width: number;
  /**
   * With `main`: how wide the main area's content is drawn, as a share of the main area's own width — the span from
   * the leftmost to the rightmost text, control, picture or card with something in it (empty containers do not
   * count: a 250 px calendar in an otherwise empty row is 250 px wide); the scroll areas that scroll sideways; and
   * whether the content holds a table or a grid (the calendar's).
   */
  main?: { share: number; sideways: string[]; table: boolean };
}

/** Measures the screen: its raw keys and page width, and with `main` how its main area is drawn. */
export function measure(page: Page, main: boolean): Promise<Measures> {
  return page.evaluate((withMain) => {
    const text = `${document.body.innerText}\n${document.title}`;
    const found = text.match(/(?<![\w@/.:-])[a-z][a-zA-Z0-9_]*(?:\.[a-zA-Z][a-zA-Z0-9_-]*){2,}(?![\w@/-])/g) ?? [];
    // A web address or a file name is not a key.
    const keys = [...new Set(found)].filter(
      (k) => !/^www\.|\.(com|org|net|test|uk|ua|pdf|csv|xlsx|zip|png|jpe?g)$/.test(k),
    );
    const width = document.documentElement.scrollWidth;
    if (!withMain) return { keys, width };

    const main = document.querySelector('main')!;
    const style = getComputedStyle(main);
    const box = main.getBoundingClientRect();
    const from = box.left + parseFloat(style.paddingLeft);
    const to = box.right - parseFloat(style.paddingRight);
    let left = Infinity;
    let right = -Infinity;
    const add = (r: DOMRect) => {
      if (r.width < 1 || r.height < 1) return;
      left = Math.min(left, Math.max(r.left, from));
      right = Math.max(right, Math.min(r.right, to));
    };
    const visible = (el: Element) => {
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
    };
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || !n.parentElement || !visible(n.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) add(r);
    }
    for (const el of main.querySelectorAll('input, select, textarea, button, img, svg, canvas, [role=img]'))
      if (visible(el)) add(el.getBoundingClientRect());
    // A card or panel is drawn content when it holds some: its frame shows how wide its figure, form or table is laid.
    for (const el of main.querySelectorAll('.MuiPaper-root'))
      if (visible(el) && el.textContent?.trim()) add(el.getBoundingClientRect());
    const sideways = [...main.querySelectorAll('*')]
      .filter((el) => {
        const s = getComputedStyle(el);
        return /auto|scroll/.test(s.overflowX) && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}`);
    const table = !!main.querySelector('table, [role=table], [role=grid]');
    return { keys, width, main: { share: right > left ? (right - left) / (to - from) : 0, sideways, table } };
  }, main);
}

/**
 * axe's serious and critical findings on the page, once its transitions have finished (colours mid-transition would
 * be measured wrongly). axe runs in the page itself (legacy mode: same-origin frames only, and the swept screens
 * have no frames) rather than finishing its run in a blank page of its own, which cost some 0.6 s a screen.
 */
export async function axeProblems(page: Page, label: string): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: axe ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 2)}`);
}

/** Waits until a screen has drawn: its heading is there and the network is quiet. */
export async function settle(page: Page): Promise<void> {
  await page
    .locator('main h1, main h2')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (error: Error) => {
      // Say what the page showed instead, and where: a CI run's log is all there is to read afterwards.
      const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 300));
      throw new Error(`${page.url()} drew no heading in 30 s; it showed «${shown}»\n${error.message}`);
    });
  await page.waitForLoadState('networkidle');
  // Loading indicators (a progress bar that shows no amount, a skeleton, a wait not yet shown) give way to content.
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          'main [role=progressbar]:not([aria-valuenow]), main .MuiSkeleton-root, main [aria-busy="true"]',
        ),
      null,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
}
