import { execFileSync } from 'node:child_process';
import { expect, expectAccessible, login, test } from './fixtures';

/** An admin issues an API token on /admin/tokens; a program with it (curl) lists that owner's clients, until revoked. */

const curl = (baseURL: string, token: string, path: string) =>
  JSON.parse(
    execFileSync(
      'curl',
      ['-s', '-H', `Authorization: Bearer ${token}`, '-H', 'Accept: application/json', `${baseURL}${path}`],
      {
        encoding: 'utf8',
      },
    ),
  ) as { data?: unknown; message?: string };

test('an admin issues a token, curl lists the owner’s clients with it, and a revoked token fails at once', async ({
  page,
  baseURL,
  cspViolations,
}) => {
  void cspViolations;
  const name = `Bookkeeping ${Date.now()}`;
  await login(page, 'admin@demo.test');
  await page.goto('/admin/tokens');
  await page.getByRole('button', { name: 'Issue an API token' }).click();
  await expect(page).toHaveURL(/\/admin\/tokens\/form$/);
  const account = page.getByRole('combobox', { name: 'Account' });
  await account.fill('owner@demo');
  await page.getByRole('option', { name: /owner@demo\.test/ }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Issue token' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'copy it now' });
  await expect(shown).toBeVisible();
  const token = /\b(sol_[A-Za-z0-9_-]+)/.exec((await shown.textContent()) ?? '')![1];
  await expectAccessible(page, 'the token shown once');

  // A program with the token: the owner's own clients, as an API user.
  const me = curl(baseURL!, token, '/api/v1/user') as { data: { email: string; is_api_user: boolean } };
  expect(me.data).toMatchObject({ email: 'owner@demo.test', is_api_user: true });
  const clients = curl(baseURL!, token, '/api/v1/clients?per_page=5') as { data: Array<{ id: number }> };
  expect(clients.data.length).toBeGreaterThan(0);

  // The list shows the token by its first characters, never the whole; revoking it refuses the next request.
  await page.goto('/admin/tokens');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(token.slice(0, 10));
  await expect(page.getByText(token)).toHaveCount(0);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The token is revoked.')).toBeVisible();
  expect(curl(baseURL!, token, '/api/v1/clients').message).toBe('This API token is not valid, or it was revoked.');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
});
