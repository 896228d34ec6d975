import type { Page } from '@playwright/test';
import { lastCode } from './booking-steps';
import { expect, test } from './fixtures';
import { axeProblems, measure } from './sweep';

/**
 * The guest and public screens, each opened cold (a fresh load, as a client arriving from an email or back from the
 * card page does) in English and Ukrainian: the sign-in pages, every step of a paid booking, the payment return, the
 * confirmation, the manage page and the booking page's error page. None shows a raw key, none is wider than the
 * window, and axe finds nothing serious or critical.
 */

const run = Date.now().toString(36);

/**
 * Checks the screen as the visitor arrived at it (a guest's page carries only its first screen's texts until the
 * first touch, so a screen reached without one — the confirmation the payment return moves on to — must have its
 * texts too), then opens its address again in each language and collects what is wrong with it.
 */
async function coldInBoth(page: Page, label: string, problems: string[]): Promise<void> {
  await page.locator('h1, h2').first().waitFor();
  const arrived = (await measure(page, false)).keys;
  if (arrived.length) problems.push(`${label} (as arrived): raw keys ${arrived.join(', ')}`);
  const url = page.url();
  for (const locale of ['uk', 'en'] as const) {
    await page.context().addCookies([{ name: 'locale', value: locale, url }]);
    await page.goto(url);
    await page.locator('h1, h2').first().waitFor();
    await page.waitForLoadState('networkidle');
    const where = `${label} (${locale}, ${page.viewportSize()!.width} px)`;
    const { keys, width } = await measure(page, false);
    if (keys.length) problems.push(`${where}: raw keys ${keys.join(', ')}`);
    if (width > page.viewportSize()!.width) problems.push(`${where}: the page is ${width} px wide`);
    if (locale === 'en') problems.push(...(await axeProblems(page, where)));
  }
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px every guest and public screen, cold, in both languages: no raw keys, fits, axe`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    await page.setViewportSize(viewport);
    const problems: string[] = [];
    for (const path of [
      '/login',
      '/register',
      '/register-affiliate',
      '/forgot-password',
      '/online-booking/no-such-page',
    ]) {
      await page.goto(path);
      await coldInBoth(page, path, problems);
    }

    // A paid booking, step by step, each step opened again cold.
    const who = `sweep.${viewport.width}.${run}@example.com`;
    await page.goto('/online-booking/olivia-hart');
    await coldInBoth(page, 'booking: start', problems);
    await page.getByRole('button', { name: /An appointment/ }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await coldInBoth(page, 'booking: verify', problems);
    await page.getByLabel('Email').fill(who);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${who}.`)).toBeVisible();
    await page.getByLabel('6-digit code').fill(lastCode(who));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    await coldInBoth(page, 'booking: service', problems);
    await page
      .getByRole('button', { name: /Haircut/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
    await coldInBoth(page, 'booking: time', problems);
    await page
      .getByRole('button', { name: /^\d{2}:\d{2}$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await coldInBoth(page, 'booking: details', problems);
    await page.getByLabel('First name').fill('Sweep');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: /Confirm and pay/ })).toBeVisible();
    await coldInBoth(page, 'booking: confirm', problems);
    await page.getByRole('button', { name: /Confirm and pay/ }).click();
    await page.getByRole('button', { name: /^Pay / }).click(); // on the provider's page

    await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/callback\?session_id=/);
    await coldInBoth(page, 'booking: payment return', problems);
    await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/confirmation\?session_id=/);
    await coldInBoth(page, 'booking: confirmation', problems);
    await page.getByRole('button', { name: 'See or change your booking' }).click();
    await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/booking\/[\w-]+$/);
    await coldInBoth(page, 'booking: manage', problems);
    expect(problems).toEqual([]);
  });
}
