import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** Fails the test on any Content-Security-Policy violation the page reports. */
export const test = base.extend<{ cspViolations: string[] }>({
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

export { expect };
