/**
 * What a client feels on a first visit from a phone: Chromium with Lighthouse's mobile conditions set through CDP
 * (150 ms round trip, 1.6 Mbps down, 750 Kbps up, CPU 4× slower, a 412 × 823 touch screen), each load in a new
 * browser context, so nothing is cached. Per page, over five loads: the median largest contentful paint, the
 * median total blocking time (long tasks after the first paint, each counted beyond 50 ms), the bytes on the wire
 * and the requests made before the first content.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const MOBILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
};
const LOADS = 5;

export interface Visit {
  lcp: number;
  tbt: number;
  kb: number;
  requestsBeforeContent: number;
}

declare global {
  interface Window {
    __visit: { lcp: number; fcp: number; longTasks: Array<{ start: number; duration: number }> };
  }
}

/** Installed before any page script runs: records paints and long tasks as the browser reports them. */
function observe(): void {
  window.__visit = { lcp: 0, fcp: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__visit.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__visit.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__visit.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function throttle(context: BrowserContext, page: Page): Promise<{ bytes: () => number }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.latency,
    downloadThroughput: MOBILE.downloadThroughput,
    uploadThroughput: MOBILE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
  });
  return { bytes: () => bytes };
}

/** Loads `url` in `page` under the mobile conditions and reads what the page observed once it is quiet. */
async function measure(context: BrowserContext, page: Page, url: string): Promise<Visit> {
  const wire = await throttle(context, page);
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  // On a loaded machine the first frame can come after the network is quiet: wait for it rather than read nothing.
  await page.waitForFunction(() => window.__visit.lcp > 0, undefined, { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(1000); // late long tasks and a last paint still count
  const seen = await page.evaluate(() => ({
    ...window.__visit,
    starts: performance.getEntriesByType('resource').map((r) => r.startTime),
  }));
  const tbt = seen.longTasks
    .filter((t) => t.start >= seen.fcp)
    .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  return {
    lcp: seen.lcp,
    tbt,
    kb: wire.bytes() / 1024,
    requestsBeforeContent: 1 + seen.starts.filter((s) => s < seen.fcp).length,
  };
}

const mobileContext = (browser: Browser) =>
  browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

/** Five cold loads: a new context (empty cache, no cookies) for each. */
export async function coldVisits(browser: Browser, url: string): Promise<Visit[]> {
  const visits: Visit[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await mobileContext(browser);
    await context.addInitScript(observe);
    visits.push(await measure(context, await context.newPage(), url));
    await context.close();
  }
  return visits;
}

/**
 * A phone's context signed in as `login` that has opened `path` once (its caches filled), with the service worker in
 * charge first when `worker`.
 */
async function openedOnce(
  browser: Browser,
  base: string,
  path: string,
  login: { email: string; password: string },
  worker: boolean,
): Promise<BrowserContext> {
  const context = await mobileContext(browser);
  const first = await context.newPage();
  await first.goto(`${base}/login`);
  await first.getByLabel('Email').fill(login.email);
  await first.getByLabel('Password').fill(login.password);
  await first.getByRole('button', { name: 'Log in' }).click();
  await first.waitForURL(/\/dashboard$/);
  if (worker)
    await first.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 60_000 });
  await first.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await first.close();
  return context;
}

/**
 * Five warm loads of a logged-in page: one context logs in and opens the page once (the HTTP cache fills), then
 * each load is a new tab of the same context.
 */
export async function warmVisits(
  browser: Browser,
  base: string,
  path: string,
  login: { email: string; password: string },
): Promise<Visit[]> {
  const context = await openedOnce(browser, base, path, login, false);
  await context.addInitScript(observe);
  const visits: Visit[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await context.newPage();
    visits.push(await measure(context, page, `${base}${path}`));
    await page.close();
  }
  await context.close();
  return visits;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One line per page: medians over the loads. */
export function summarise(visits: Visit[]): string {
  // A load whose paint was never reported is left out (and said), never counted as an LCP of 0.
  const painted = visits.filter((v) => v.lcp > 0);
  if (painted.length === 0) return `no paint reported in ${visits.length} loads`;
  const missing = visits.length - painted.length;
  const m = (pick: (v: Visit) => number) => median(painted.map(pick));
  return `${missing ? `(${missing} of ${visits.length} loads reported no paint) ` : ''}LCP ${(m((v) => v.lcp) / 1000).toFixed(2)} s · TBT ${m((v) => v.tbt).toFixed(0)} ms · ${m((v) => v.kb).toFixed(1)} KB · ${m((v) => v.requestsBeforeContent)} requests before content`;
}

declare global {
  interface Window {
    __firstRow?: number;
  }
}

/**
 * Installed before any page script runs: the time (from the navigation's start) the list's first record appears — a
 * table's first data cell, or the first item of the list view (the clients list opens as a list).
 */
function watchFirstRow(): void {
  new MutationObserver((_, observer) => {
    if (document.querySelector('main tbody tr td, main li .MuiListItemText-primary')) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Spec §1 (issue: installable and offline): a warm start from the service worker — the app's code from its precache,
 * the user's answers network-first — under Lighthouse's mobile CPU slowdown (the network as it is: the local server).
 * One context logs in, waits for the worker to take the page and opens `path` once; then five new tabs each open
 * `path`, timed from the navigation's start to the list's first record. Milliseconds, each load.
 */
export async function serviceWorkerStarts(
  browser: Browser,
  base: string,
  path: string,
  login: { email: string; password: string },
): Promise<number[]> {
  const context = await openedOnce(browser, base, path, login, true);
  await context.addInitScript(watchFirstRow);
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    await page.goto(`${base}${path}`);
    await page.waitForFunction(() => window.__firstRow !== undefined, undefined, { timeout: 30_000 });
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
    if (!controlled) throw new Error(`${path}: the service worker did not answer the page`);
    times.push(await page.evaluate(() => window.__firstRow!));
    await page.close();
  }
  await context.close();
  return times;
}

export { median };
