import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A guest's pages come painted by the server (src/app/first-paint.tsx): the form is drawn before the app's code has
 * arrived, in the visitor's language, with no inline script; what is typed meanwhile is sent once the app takes over,
 * and the form cannot be sent the browser's way before that (its button is disabled).
 */

const GUEST_PAGES = [
  { path: '/login', en: 'Log in to Soloist', uk: 'Вхід до Soloist' },
  { path: '/register', en: 'Start your 14-day free trial', uk: 'Почніть 14-денний безкоштовний період' },
  { path: '/forgot-password', en: 'Forgot your password?', uk: null },
  { path: '/register-affiliate', en: null, uk: null },
];

/** The app's own scripts held back until `release()`: what shows meanwhile is the server's paint. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const locale of ['en', 'uk'] as const) {
  test(`guest pages are painted by the server before their code, in ${locale}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    const release = await holdScripts(page);
    for (const guest of GUEST_PAGES) {
      const answer = await page.goto(guest.path, { waitUntil: 'commit' });
      const html = (await answer!.text()).replace(/<script type="application\/json"[^]*?<\/script>/, '');
      // Only the page's script files: no inline script (the CSP would refuse it).
      expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      if (guest[locale]) await expect(heading).toHaveText(guest[locale]!);
      await expect(page.locator('form input').first()).toBeVisible();
      // Not sendable before the app has taken over.
      await expect(page.locator('form button[type="submit"]')).toBeDisabled();
    }
    release();
  });
}

test('what is typed before the app arrives is what the form sends', async ({ page, cspViolations }) => {
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.locator('#root_email');
  await expect(email).toBeFocused(); // the painted field has the focus at once
  await email.pressSequentially('owner@demo.test');
  await page.locator('#root_password').pressSequentially('Demo-pass-1');
  await page.locator('#root_password').press('Enter'); // nothing is sent the browser's way
  await expect(page).toHaveURL(/\/login$/);
  release();
  const submit = page.getByRole('button', { name: 'Log in' });
  await expect(submit).toBeEnabled();
  await expect(email).toHaveValue('owner@demo.test');
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The app took the markup over as it was: no mismatch, nothing refused.
  expect(errors).toEqual([]);
  expect(cspViolations).toEqual([]);
});
