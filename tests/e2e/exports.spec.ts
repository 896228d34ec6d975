import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, expectAccessible, login, test } from './fixtures';

test('analytics drill-down: a bar of a chart opens its rows, which export as CSV, and another view is one pick away', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.goto('/analytics/list');
  await page.getByRole('button', { name: 'Last month' }).click();
  await expect(page.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/from=\d{4}-\d\d-01&to=/);
  const services = page.getByRole('region', { name: 'Income by service' });
  await services.getByText('Figures as a table').click();
  const first = services.getByRole('table').getByRole('rowheader').first().getByRole('link');
  const service = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/analytics\/details\?view=by_service&from=\d{4}-\d\d-01&to=.*&key=\d+/);
  await expect(page.getByRole('heading', { name: 'Analytics details' }).first()).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Narrowed to ${service}: remove to see the whole view` }),
  ).toBeVisible();
  await expect(page.getByText(/\d+ rows · Total: £[\d,]+\.\d\d/)).toBeVisible();
  await expect(page.getByRole('cell', { name: service }).first()).toBeVisible();
  await expectAccessible(page, 'Analytics details');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^analytics-by-service-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('Date,Client,Service,Type,Method,Amount (GBP)');
  expect(csv).toContain(`,${service},`);

  // A figure's rows too: the no-shows of the period.
  await page.goBack();
  await page.getByRole('region', { name: 'No-shows' }).getByRole('link', { name: 'See the rows' }).click();
  await expect(page).toHaveURL(/view=appointments&from=.*&key=noShow/);
  await expect(page.getByRole('button', { name: 'Narrowed to No show: remove to see the whole view' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'No show' }).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'View' }).click();
  await page.getByRole('option', { name: 'Clients seen' }).click();
  await expect(page).toHaveURL(/view=clients/);
  await expect(page).not.toHaveURL(/key=/);
  await expect(page.getByRole('columnheader', { name: 'New or returning' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(page.getByRole('list', { name: 'Clients seen' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'Analytics details, phone');
});

test('export information: the owner chooses what to export, exports now and downloads the archive', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.goto('/account-setup/helpful-tools/export-information');
  await expect(page.getByRole('heading', { name: 'Export information' }).first()).toBeVisible();
  // The demo owner exports monthly: this month's archive was made when the app started.
  const archives = page.getByRole('list', { name: 'Archives' });
  await expect(archives.getByRole('listitem').filter({ hasText: 'Automatic' }).first()).toContainText('Ready');
  await page.getByLabel('Products').uncheck();
  await page.getByLabel('Invoices').uncheck();
  await page.getByLabel('CSV').check();
  await page.getByLabel('Keep it here to download').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Export now' }).click();
  await expect(page.getByText('Your archive is being made.')).toBeVisible();
  const made = archives.getByRole('listitem').filter({ hasText: 'Export now' }).first();
  await expect(made).toContainText('Ready', { timeout: 30_000 });
  await expect(made).toContainText('Clients, Services, Income, Expenses · CSV');
  await expectAccessible(page, 'Export information');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    made.getByRole('link', { name: /Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^soloist-export-\d{4}-\d\d-\d\d\.zip$/);
  const files = Object.keys(unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)))).sort();
  expect(files.map((f) => f.replace(/-\d{4}-\d\d-\d\d\.csv$/, ''))).toEqual([
    'clients',
    'expenses',
    'income',
    'services',
  ]);

  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'Export information, phone');
});
