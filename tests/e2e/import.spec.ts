import { expect, expectAccessible, login, test } from './fixtures';

const csv = (rows: string[]) => Buffer.from(['First name,Last name,Email,Phone', ...rows].join('\n'));

test('the owner imports 20 clients from a CSV after a preview, and they show up in the list', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.goto('/clients/list');
  await page.getByRole('button', { name: 'Import clients' }).click();
  await expect(page.getByRole('heading', { name: 'Import clients' }).first()).toBeVisible();
  // A file with a bad row is previewed with the row's problem, and cannot be imported.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: csv(['Only,,,', 'Ok,Row,ok@example.com,']) });
  await expect(page.getByRole('main').getByRole('status')).toContainText('With problems: 1 row');
  await expect(page.getByText('Fill in at least 2 fields')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled();
  const rows = Array.from(
    { length: 20 },
    (_, i) => `Imported${i},Newcomer,imported${i}@example.com,07700 9004${String(i).padStart(2, '0')}`,
  );
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: csv(rows) });
  await expect(page.getByRole('main').getByRole('status')).toContainText('Ready to import: 20');
  await expectAccessible(page, 'Import clients');
  await page.getByRole('button', { name: 'Import 20 clients' }).click();
  await expect(page.getByText('20 clients imported')).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/list/);
  await page.getByRole('searchbox').fill('Newcomer');
  await expect(page.getByText('Imported7 Newcomer').first()).toBeVisible();
});
