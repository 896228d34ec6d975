import type { Page } from '@playwright/test';
import { expect, expectAccessible, login, test } from './fixtures';

/** Puts the packages list back as shipped through the API, whatever the test got to (later tests read it). */
async function restore(page: Page) {
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const draft = (await (await page.request.get('/api/v1/admin/ui/draft')).json()).data;
  const tag = () => ({ 'x-xsrf-token': xsrf, 'if-match': `"${draft.draft_revision}.${draft.live_release_id ?? 0}"` });
  const reset = await page.request.post('/api/v1/admin/ui/draft/reset/packages.list', { headers: tag(), data: {} });
  if (!reset.ok()) return;
  Object.assign(draft, (await reset.json()).data);
  await page.request.post('/api/v1/admin/ui/publish', { headers: tag(), data: { note: 'Packages as shipped' } });
}

/**
 * An admin changes a screen in the running app (the packages list): renames a column in both languages and moves it,
 * by keyboard-reachable buttons, reads the change in words, publishes it with a note — an owner's page shows it —
 * and makes the earlier release live again.
 */
test('an admin renames and moves a column, publishes it, an owner sees it, and the admin rolls back', async ({
  browser,
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page, 'admin@demo.test');
  // An owner's tabs open before the publish: the packages list, and a form typed into.
  const owner = await browser.newContext();
  const list = await owner.newPage();
  await login(list);
  await list.goto('/appointments/packages/list?view=table');
  const headers = list.getByRole('columnheader');
  await expect(headers.nth(1)).toHaveText('Price');
  const form = await owner.newPage();
  await form.goto('/clients/form');
  await form.getByLabel('First name').fill('Half typed');
  // Set in each tab now, gone if the tab reloads.
  const marked = (tab: Page) => tab.evaluate(() => Boolean((window as { same?: boolean }).same));
  for (const tab of [list, form]) await tab.evaluate(() => void ((window as { same?: boolean }).same = true));
  try {
    await page.goto('/admin/screens');
    await page.getByLabel('Screen to change').selectOption({ label: 'Packages' });
    const expiry = page.getByRole('listitem').filter({ hasText: /^Expires after \(days\)/ });
    await expiry.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Name in English').fill('Valid for (days)');
    await page.getByLabel('Name in Ukrainian').fill('Діє (днів)');
    await page.locator('form').getByRole('button', { name: 'Rename' }).click();
    await expect(
      page.getByText('Packages · column Expires after (days): label ‘Expires after (days)’ → ‘Valid for (days)’'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Move Valid for (days) up' }).click();
    await expect(page.getByText('Packages · column Expires after (days): moved to place 2')).toBeVisible();
    await expectAccessible(page, 'screen editor');
    await page.getByLabel(/What changes/).fill('Expiry reads Valid for, one place up');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Expiry reads Valid for, one place up')).toBeVisible();
    await expect(page.getByText('The draft is what users see now.')).toBeVisible();

    // The open list shows the publish within 5 s, in place; the form keeps what was typed.
    await expect(headers.nth(1)).toHaveText('Valid for (days)', { timeout: 5_000 });
    await form.waitForTimeout(6_000);
    await expect(form.getByLabel('First name')).toHaveValue('Half typed');
    expect([await marked(list), await marked(form)]).toEqual([true, true]);
    // A tab opened now reads it too.
    const fresh = await owner.newPage();
    await fresh.goto('/appointments/packages/list?view=table');
    await expect(fresh.getByRole('columnheader').nth(1)).toHaveText('Valid for (days)');

    // Back to what was live before (or, the first time, the screen as shipped).
    const again = page.getByRole('region', { name: 'History' }).getByRole('button', { name: 'Make this live again' });
    if ((await again.count()) > 0) {
      await again.first().click();
      await page.getByRole('dialog').getByRole('button').last().click();
      await expect(page.getByRole('status').filter({ hasText: 'Rolled back' })).toHaveCount(1);
      await expect(headers.nth(1)).not.toHaveText('Valid for (days)', { timeout: 5_000 });
    }
  } finally {
    await restore(page);
    await owner.close();
  }
});
