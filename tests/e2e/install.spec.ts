import { chromium, type BrowserContext } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { expect, login, test, workerInCharge } from './fixtures';

/** Spec §1: Chromium finds the app installable and installs it (its own profile: never from an incognito context). */
test.use({ serviceWorkers: 'allow' });

test('Chromium finds the app installable on /dashboard, installs it and opens it', async ({ baseURL }) => {
  // A profile of its own: Chromium never offers to install from an incognito-like context.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-install-'));
  const options = test.info().project.use.launchOptions ?? {};
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(dir, { ...options, baseURL });
    const page = context.pages()[0] ?? (await context.newPage());
    await login(page);
    await workerInCharge(page);
    await page.goto('/dashboard');
    await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' });
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
            .installabilityErrors,
        {
          timeout: 30_000,
        },
      )
      .toEqual([]);
    // Installed by Chromium itself (what its install dialog does), then opened from the installed app: its start URL
    // in the same profile, signed in. Headless Chromium draws no app window, so the page keeps the browser's display
    // mode; the installed app's own behaviour (appinstalled, persistent storage) is unit-tested.
    const { appId } = (await cdp.send('Page.getAppId')) as { appId: string };
    expect(appId).toMatch(/\/dashboard$/);
    await cdp.send('PWA.install', { manifestId: appId });
    expect(await cdp.send('PWA.getOsAppState', { manifestId: appId })).toMatchObject({ badgeCount: 0 });
    const opened = context.waitForEvent('page');
    await cdp.send('PWA.launch', { manifestId: appId });
    const app = await opened;
    await expect(app).toHaveURL(/\/dashboard$/);
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    await cdp.send('PWA.uninstall', { manifestId: appId });
  } finally {
    await context?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
