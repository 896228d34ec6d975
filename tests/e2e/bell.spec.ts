import { expect, expectAccessible, login, test } from './fixtures';

/** Admins' news reaches owners' bells (spec §4: news unread → READ), by mouse and by keyboard, on a desk and a phone. */

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

test('an admin writes news and an owner sees it in the bell and marks it read', async ({ page, cspViolations }) => {
  void cspViolations;
  const title = `Studio news ${Date.now()}`;
  await login(page, 'admin@demo.test');
  await page.goto('/admin/news');
  await page.getByRole('button', { name: 'Write news' }).click();
  await expect(page).toHaveURL(/\/admin\/news\/form$/);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Text').fill('Booking pages can now show your opening hours.');
  await page.getByRole('textbox', { name: 'Publish date', exact: true }).fill(today());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(page.getByText(title)).toBeVisible();
  // An admin has no bell.
  await expect(page.getByRole('button', { name: /^Notifications and news/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await login(page);
  const bell = page.getByRole('button', { name: /^Notifications and news/ });
  await expect(bell).toHaveAccessibleName(/Notifications and news, \d+ unread/);
  const before = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')![1]);
  // By keyboard: focus the bell, open it, move to the News tab with the arrow keys.
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications and news' });
  await expect(panel).toBeVisible();
  await panel.getByRole('tab', { name: /^Notifications/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('tab', { name: /^News/ })).toHaveAttribute('aria-selected', 'true');
  const item = panel.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Booking pages can now show your opening hours.');
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the bell open');

  await item.getByRole('button', { name: 'Mark read' }).click();
  await expect(item.getByText('New', { exact: true })).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Mark read' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toHaveAccessibleName(
    before - 1 > 0 ? `Notifications and news, ${before - 1} unread` : 'Notifications and news',
  );
  // The server holds it READ: a fresh page says so.
  await page.reload();
  await page.getByRole('button', { name: /^Notifications and news/ }).click();
  await page.getByRole('tab', { name: /^News/ }).click();
  const again = page.getByRole('listitem').filter({ hasText: title });
  await expect(again).toBeVisible();
  await expect(again.getByText('New', { exact: true })).toHaveCount(0);
});

test('on a phone the bell and its panel fit the screen', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  const bell = page.getByRole('button', { name: /^Notifications and news/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications and news' });
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an admin deletes news from the list after a confirm', async ({ page, cspViolations }) => {
  void cspViolations;
  const title = `Short-lived ${Date.now()}`;
  await login(page, 'admin@demo.test');
  await page.goto('/admin/news/form');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Text').fill('Gone soon.');
  await page.getByRole('textbox', { name: 'Publish date', exact: true }).fill(today());
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|Delete/ })
    .click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
