import type { Page } from '@playwright/test';
import { expect, expectAccessible, login, test } from './fixtures';

/**
 * The header's quick search (spec §8): `/` focuses it on a desk, a button opens it on a phone; results come grouped
 * by kind as the owner types, arrows and Enter open one; a failure says so in the spec's words. In English and
 * Ukrainian, at 1366 and 390 px.
 */

/** A client of the demo owner's, read as the page would (the session's cookie). */
async function aClient(page: Page) {
  const res = await page.request.get('/api/v1/clients?per_page=1&sort=created_at');
  const [client] = (await res.json()).data as Array<{ id: number; first_name: string; last_name: string }>;
  return client;
}

/** Signed in as the demo owner on a desk, `/` pressed: the search field focused, and a client to look for. */
async function slashOnADesk(page: Page) {
  await login(page);
  const client = await aClient(page);
  const field = page.getByRole('combobox', { name: 'Quick search', exact: true });
  await expect(field).toBeVisible();
  await page.locator('body').press('/');
  await expect(field).toBeFocused();
  return { client, field };
}

test('on a desk: / focuses the search, the keyboard opens a client, a failure is said in words', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await page.setViewportSize({ width: 1366, height: 900 });
  const { client, field } = await slashOnADesk(page);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.type(`${client.first_name} ${client.last_name}`);
  const results = page.getByRole('listbox');
  await expect(results.getByText('Clients', { exact: true })).toBeVisible();
  const option = results
    .getByRole('option')
    .filter({ hasText: `${client.first_name} ${client.last_name}` })
    .first();
  await expect(option).toBeVisible();
  await expectAccessible(page, 'the search results open');
  // The first result is highlighted: Enter opens it.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('heading', { name: `${client.first_name} ${client.last_name}` })).toBeVisible();
  await expect(field).toHaveValue('');

  // Nothing to find: said so; then the connection fails: said in the spec's words.
  await field.fill('zzqqxx');
  await expect(page.getByText('Nothing found.')).toBeVisible();
  await page.route('**/api/v1/search?**', (route) => route.abort());
  await field.fill('qqzzyy');
  await expect(page.getByText('Connection error. Please try again later..')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
});

test('on a phone in Ukrainian: the search button opens the field over the page and a result opens', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  const client = await aClient(page);
  await page.getByLabel('Language').selectOption({ label: 'Українська' });
  await page.getByRole('button', { name: 'Пошук', exact: true }).click();
  const field = page.getByRole('combobox', { name: 'Швидкий пошук', exact: true });
  await expect(field).toBeFocused();
  await field.fill('я');
  await expect(page.getByText('Введіть щонайменше дві літери імені, номер або email.')).toBeVisible();
  await field.fill(client.last_name);
  const results = page.getByRole('listbox');
  await expect(results.getByText('Клієнти', { exact: true })).toBeVisible();
  const box = (await results.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await results
    .getByRole('option')
    .filter({ hasText: `${client.first_name} ${client.last_name}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an admin has no quick search (it finds an owner’s records)', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page, 'admin@demo.test');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Quick search', exact: true })).toHaveCount(0);
});

test.describe('while the results’ code is still on its way', () => {
  // The page's own requests, not the service worker's cache, so the field's chunk can be held back.
  test.use({ serviceWorkers: 'block', viewport: { width: 1366, height: 900 } });

  test('what is typed into the search is kept, focused, and searched once the code is here', async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/widget-search-field.*.js', async (route) => {
      await held;
      await route.continue();
    });
    const { client, field } = await slashOnADesk(page);
    await page.keyboard.type(client.last_name.slice(0, 2));
    await expect(field).toHaveValue(client.last_name.slice(0, 2));
    // Still the plain field: the results' code is held back.
    await expect(field).not.toHaveAttribute('aria-autocomplete', 'list');
    release();
    await expect(field).toHaveAttribute('aria-autocomplete', 'list');
    await expect(field).toBeFocused();
    await page.keyboard.type(client.last_name.slice(2));
    await expect(field).toHaveValue(client.last_name);
    await expect(
      page.getByRole('listbox').getByRole('option').filter({ hasText: client.last_name }).first(),
    ).toBeVisible();
  });
});
