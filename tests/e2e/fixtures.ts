import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { allTourSteps } from './tour-steps';

/** Every onboarding tour step answered as done, for the pages of `context`. */
async function toursDone(context: BrowserContext): Promise<void> {
  const data = allTourSteps().map((step_id) => ({ step_id }));
  await context.route(/\/api\/v1\/onboarding$/, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { data } }) : route.continue(),
  );
}

/**
 * Fails the test on any Content-Security-Policy violation the page reports. `tours`: the onboarding tours a new
 * screen offers; by default every user has done them all (the flows test their screens, not the tours over them),
 * and a test of the tours says `test.use({ tours: 'live' })`. `newContext`: a second browser context (another user, a
 * guest) under the same rule, closed when the test ends — `browser.newContext()` would show the demo owner the
 * calendar's tour over the button a test clicks (a CI failure: the tour's popover took the click on "Next week").
 */
export const test = base.extend<{
  cspViolations: string[];
  tours: 'done' | 'live';
  newContext: Browser['newContext'];
}>({
  tours: ['done', { option: true }],
  context: async ({ context, tours }, use) => {
    if (tours === 'done') await toursDone(context);
    await use(context);
  },
  newContext: async ({ browser, tours }, use) => {
    const made: BrowserContext[] = [];
    await use(async (options?: BrowserContextOptions) => {
      const context = await browser.newContext(options);
      made.push(context);
      if (tours === 'done') await toursDone(context);
      return context;
    });
    await Promise.all(made.map((context) => context.close().catch(() => undefined)));
  },
  cspViolations: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(msg.text())) violations.push(msg.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Refused to execute: Content Security Policy ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await use(violations);
    expect(violations).toEqual([]);
  },
});

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Colours mid-transition (a button just enabled) would be measured wrongly: let CSS transitions finish first.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')} — ${v.nodes[0]?.failureSummary ?? ''}`,
    ),
  ).toEqual([]);
}

export async function login(page: Page, email = 'owner@demo.test', password = 'Demo-pass-1'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Waits until the service worker answers this page's requests. */
export async function workerInCharge(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 60_000 });
}

export { expect };
