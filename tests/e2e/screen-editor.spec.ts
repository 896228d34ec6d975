import type { Page } from '@playwright/test';
import { expect, expectAccessible, login, test } from './fixtures';

/** Puts a screen back as shipped through the API, whatever the test got to (later tests read it). */
async function restore(page: Page, screen = 'packages.list') {
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const draft = (await (await page.request.get('/api/v1/admin/ui/draft')).json()).data;
  const tag = () => ({ 'x-xsrf-token': xsrf, 'if-match': `"${draft.draft_revision}.${draft.live_release_id ?? 0}"` });
  const reset = await page.request.post(`/api/v1/admin/ui/draft/reset/${screen}`, { headers: tag(), data: {} });
  if (!reset.ok()) return;
  Object.assign(draft, (await reset.json()).data);
  await page.request.post('/api/v1/admin/ui/publish', { headers: tag(), data: { note: `${screen} as shipped` } });
}

/**
 * An admin changes a screen in the running app (the packages list): renames a column in both languages and moves it,
 * by keyboard-reachable buttons, reads the change in words, publishes it with a note — an owner's page shows it —
 * and makes the earlier release live again.
 */
test('an admin renames and moves a column, publishes it, an owner sees it, and the admin rolls back', async ({
  newContext,
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page, 'admin@demo.test');
  // An owner's tabs open before the publish: the packages list, and a form typed into.
  const owner = await newContext();
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
    // The preview draws the draft beside what is live, over made-up records, as the role and plan chosen.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByLabel('Preview as').selectOption({ label: 'Owner · Premium' });
    const draftPane = preview.getByRole('region', { name: 'Draft' });
    await draftPane.getByRole('button', { name: 'Table' }).click();
    await expect(draftPane.getByRole('columnheader').nth(1)).toHaveText('Valid for (days)');
    await expect(draftPane.getByRole('cell', { name: 'Sample 1' }).first()).toBeVisible();
    const livePane = preview.getByRole('region', { name: 'Live now' });
    await livePane.getByRole('button', { name: 'Table' }).click();
    await expect(livePane.getByRole('columnheader', { name: 'Valid for (days)' })).toHaveCount(0);
    // A Lite owner is told which plan has packages, in both panes; the admin's page stays where it is.
    await preview.getByLabel('Preview as').selectOption({ label: 'Owner · Lite' });
    await expect(preview.getByText('This feature is available on the Business plan.')).toHaveCount(2);
    await expect(page).toHaveURL(/\/admin\/screens$/);
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

/**
 * An admin adds a chart to the analytics dashboard over records it already reads: the preview draws it over made-up
 * records before it is published, and an owner's analytics shows it after.
 */
test('an admin adds a chart to a dashboard, sees it in the preview, publishes it, and an owner sees it', async ({
  newContext,
  page,
}) => {
  await login(page, 'admin@demo.test');
  const owner = await newContext();
  try {
    await page.goto('/admin/screens');
    await page.getByLabel('Screen to change').selectOption({ label: 'Analytics' });
    const form = page.getByRole('form', { name: 'Add a chart' });
    await form.getByLabel('Drawn as').selectOption({ label: 'bar chart' });
    await form.getByLabel('Title in English').fill('Takings by day');
    await form.getByLabel('Title in Ukrainian').fill('Виручка за днями');
    await form.getByRole('button', { name: 'Add the chart' }).click();
    await expect(page.getByText('Analytics · card ‘Takings by day’: added (bar chart)')).toBeVisible();
    const draft = page.getByRole('region', { name: 'Preview' }).getByRole('region', { name: 'Draft' });
    await expect(draft.getByRole('heading', { name: 'Takings by day' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Live now' }).getByRole('heading', { name: 'Takings by day' }),
    ).toHaveCount(0);
    await page.getByLabel(/What changes/).fill('A chart of takings by day');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('The draft is what users see now.')).toBeVisible();

    const analytics = await owner.newPage();
    await login(analytics);
    await analytics.goto('/analytics/list');
    await expect(analytics.getByRole('heading', { name: 'Takings by day' })).toBeVisible();
  } finally {
    await restore(page, 'analytics.list');
    await owner.close();
  }
});

/** Takes the draft's menu changes out and publishes that (later tests read the menus as shipped). */
async function restoreMenus(page: Page) {
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  let draft = (await (await page.request.get('/api/v1/admin/ui/draft')).json()).data;
  const tag = () => ({ 'x-xsrf-token': xsrf, 'if-match': `"${draft.draft_revision}.${draft.live_release_id ?? 0}"` });
  const changes = draft.draft.changes.filter((c: { area?: string }) => !c.area);
  const saved = await page.request.put('/api/v1/admin/ui/draft', { headers: tag(), data: { changes } });
  if (!saved.ok()) return;
  draft = (await saved.json()).data;
  await page.request.post('/api/v1/admin/ui/publish', { headers: tag(), data: { note: 'Menus as shipped' } });
}

/** An admin hides an entry of the owners' menu and renames another, in Ukrainian at a phone's width; owners see it. */
test('an admin hides and renames menu entries and moves a form field on a phone, in Ukrainian; owners see it', async ({
  newContext,
}) => {
  const admin = await newContext({ viewport: { width: 390, height: 844 } });
  const page = await admin.newPage();
  await login(page, 'admin@demo.test');
  await page.goto('/admin/screens');
  await page.getByLabel('Language').selectOption('uk');
  const owner = await newContext();
  try {
    const menus = page.getByRole('region', { name: 'Меню' });
    await menus.getByLabel('Меню розділу').selectOption({ label: 'Застосунок власника' });
    await menus.getByRole('button', { name: /Приховати Цілі/ }).click();
    await expect(page.getByText(/Меню · Цілі: приховано/)).toBeVisible();
    await menus.getByRole('button', { name: 'Перейменувати Продажі' }).click();
    await menus.getByLabel('Назва англійською').fill('Till');
    await menus.getByLabel('Назва українською').fill('Каса');
    await menus.getByRole('button', { name: 'Перейменувати', exact: true }).click();
    await expect(page.getByText(/Меню · Продажі: назва ‘Продажі’ → ‘Каса’/)).toBeVisible();
    // A form's field moved up: the client form asks for the phone before the email.
    await page.getByLabel('Екран для зміни').selectOption('clients.form');
    await page.getByRole('button', { name: 'Перемістити Телефон вгору' }).click();
    await expect(page.getByText(/Клієнт · поле Телефон: переміщено на місце/)).toBeVisible();
    await page.getByLabel(/Що змінюється/).fill('Без цілей у меню');
    await page.getByRole('button', { name: 'Опублікувати' }).click();
    await expect(page.getByText('Без цілей у меню')).toBeVisible();

    const shell = await owner.newPage();
    await login(shell);
    await shell.goto('/clients/list');
    const nav = shell.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Clients', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Goals', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Till', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sales', exact: true })).toHaveCount(0);
    await shell.goto('/clients/form');
    await expect(shell.getByText('Email', { exact: true })).toBeVisible();
    const labels = await shell.locator('form label').allTextContents();
    expect(labels.findIndex((l) => l.startsWith('Phone'))).toBeLessThan(labels.findIndex((l) => l.startsWith('Email')));
  } finally {
    await restoreMenus(page);
    await restore(page, 'clients.form');
    // The admin's language is kept with their account: back to English for the tests after.
    await page.getByLabel('Мова').selectOption('en');
    await expect(page.getByLabel('Language')).toBeVisible();
    await owner.close();
    await admin.close();
  }
});
