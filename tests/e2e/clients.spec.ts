import { expect, expectAccessible, login, test } from './fixtures';

test('an owner creates, finds, edits and archives a client', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.goto('/clients/list');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fclients%2Flist/);
  await expect(page.getByRole('heading', { name: 'Log in to Soloist' })).toBeVisible();
  await expectAccessible(page, 'login');

  // A wrong password: the server's 422 appears on its field.
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password').fill('Wrong-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }).first(),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Password').fill('Demo-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/clients\/list$/);
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Amelia/ }).first()).toBeVisible();
  await expectAccessible(page, 'clients list');

  // Create: a validation error first, then a valid client.
  await page.getByRole('button', { name: 'New client' }).click();
  await expect(page).toHaveURL(/\/clients\/form$/);
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The first name field is required.')).toBeVisible();
  await expect(page.getByText('The email must be a valid email address.')).toBeVisible();
  await expectAccessible(page, 'client form with errors');
  await page.getByLabel('First name').fill('Zelda');
  await page.getByLabel('Last name').fill('Quill');
  await page.getByLabel('Email', { exact: true }).fill('zelda@quill.test');
  await page.getByLabel('Phone').fill('+44 7700 900555');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zelda Quill' })).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expectAccessible(page, 'client detail');

  // Find it by search in all three views.
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByLabel('Search', { exact: true }).fill('zelda');
  await expect(page).toHaveURL(/search=zelda/);
  await expect(page.getByRole('button', { name: /Zelda Quill/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Amelia/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { name: 'Zelda Quill' })).toBeVisible();
  await expectAccessible(page, 'clients gallery');
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('cell', { name: 'Quill', exact: true })).toBeVisible();
  await expectAccessible(page, 'clients table');

  // Edit it.
  await page.getByRole('cell', { name: 'Quill', exact: true }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Last name')).toHaveValue('Quill');
  await page.getByLabel('Last name').fill('Quillon');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zelda Quillon' })).toBeVisible();

  // Archive it, then find it under Archived.
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Archived successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByLabel('Search', { exact: true }).fill('zelda');
  await expect(page.getByText('Nothing matches “zelda”.')).toBeVisible();
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page.getByRole('button', { name: /Zelda Quillon/ })).toBeVisible();
  await expectAccessible(page, 'archived clients');
});

test('the app speaks Ukrainian when the locale cookie says so', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.getByLabel('Language').selectOption({ label: 'Українська' });
  await expect(page.getByRole('heading', { name: 'Панель' })).toBeVisible();
  await page.goto('/clients/form');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText("Поле «Ім'я» є обов'язковим.")).toBeVisible();
  await page.context().clearCookies();
});

test('unknown paths go to the 404 page inside the app', async ({ page }) => {
  await login(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('on a phone the menu is a drawer and the client list fits the screen', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'clients on a phone');
});
