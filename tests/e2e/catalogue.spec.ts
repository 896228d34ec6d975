import path from 'node:path';
import { expect, expectAccessible, login, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

test('an owner builds the catalogue from schema screens', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);

  // A multipart service: a blocked part, a free part, and a second blocked part.
  await page.goto('/appointments/services/form');
  await page.locator('#root_title').fill('Colour and gloss');
  await page.getByLabel('Multipart service').check();
  await page.locator('#root_price').fill('85.00');
  await page.locator('#root_price').blur();
  await page.locator('#root_parts_0_title').fill('Apply colour');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.locator('#root_parts_1_title').fill('Develop');
  await page.locator('#root_parts_1_blocked').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/appointments\/services\/list$/);
  await expect(page.getByRole('button', { name: /Colour and gloss/ })).toBeVisible();
  await expectAccessible(page, 'services');

  // A second service, so the package has two.
  await page.goto('/appointments/services/form');
  await page.locator('#root_title').fill('Blow dry');
  await page.locator('#root_price').fill('30');
  await page.locator('#root_price').blur();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();

  // A class; its sessions are added on its sessions page (class-sessions.spec.ts).
  await page.goto('/appointments/classes/form');
  await page.locator('#root_title').fill('Morning yoga');
  await page.locator('#root_price').fill('12');
  await page.locator('#root_price').blur();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Morning yoga' })).toBeVisible();
  await page.getByRole('button', { name: 'Sessions and attendees' }).click();
  await expect(page.getByText('No sessions coming. Add one, or a weekly pattern.')).toBeVisible();
  await expectAccessible(page, 'class sessions');
  await page.getByRole('link', { name: 'Back to Morning yoga' }).click();
  await expectAccessible(page, 'class detail');

  // A package of the two services, picked from their lite list, each with how many it includes.
  await page.goto('/appointments/packages/form');
  await page.locator('#root_title').fill('Salon duo');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.locator('#root_services_0_service_id').click();
  await page.getByRole('option', { name: 'Colour and gloss' }).click();
  await page.locator('#root_services_0_quantity').fill('2');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.locator('#root_services_1_service_id').click();
  await page.getByRole('option', { name: 'Blow dry' }).click();
  await page.locator('#root_price').fill('100');
  await page.locator('#root_price').blur();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Salon duo' })).toBeVisible();
  // The detail names the services with their quantities and shows the price with its currency.
  await expect(page.getByText('2 × Colour and gloss')).toBeVisible();
  await expect(page.getByText('1 × Blow dry')).toBeVisible();
  await expect(page.getByText('£100.00')).toBeVisible();

  // A product with an image.
  await page.goto('/sales-and-products/products/form');
  await page.locator('#root_title').fill('Argan oil');
  await page.locator('#root_price').fill('14.50');
  await page.locator('#root_price').blur();
  await page.locator('#root_image').setInputFiles(path.join(__dirname, 'fixtures', 'product.png'));
  await expect(page.getByRole('img', { name: 'Image' })).toHaveAttribute('src', /\/uploads\/[0-9a-f]{32}\.png$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Argan oil/ })).toBeVisible();

  // A gift voucher; then archive it and restore it.
  await page.goto('/sales-and-products/gift-vouchers/form');
  await page.locator('#root_title').fill('Pamper day');
  await page.locator('#root_amount').fill('50');
  await page.locator('#root_amount').blur();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pamper day' })).toBeVisible();
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Archived successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Restored successfully.')).toBeVisible();
  await page.goto('/sales-and-products/gift-vouchers/list');
  await expect(page.getByRole('button', { name: /Pamper day/ })).toBeVisible();
  await expectAccessible(page, 'gift vouchers');
});

for (const [width, lang] of [
  [1366, 'en'],
  [390, 'uk'],
] as const) {
  test(`at ${width} px in ${lang} a gift voucher of a fixed period asks for both its dates`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await login(page);
    if (lang === 'uk') await page.getByLabel('Language').selectOption({ label: 'Українська' });
    const words =
      lang === 'en'
        ? { period: 'Period', fixed: 'Fixed period', save: 'Save', starts: 'Starts on' }
        : { period: 'Період', fixed: 'Фіксований період', save: 'Зберегти', starts: 'Починається' };
    await page.goto('/sales-and-products/gift-vouchers/form');
    const title = `Summer ${width}`;
    await page.locator('#root_title').fill(title);
    await page.locator('#root_amount').fill('40');
    await page.locator('#root_amount').blur();
    await page.getByLabel(words.period, { exact: true }).selectOption({ label: words.fixed });
    await page.getByRole('button', { name: words.save }).click();
    // Both dates are asked for, under their fields, before anything is sent.
    await expect(page.locator('#root_starts_on__error')).toBeVisible();
    await expect(page.locator('#root_expires_on__error')).toBeVisible();
    await expectAccessible(page, `voucher period at ${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
