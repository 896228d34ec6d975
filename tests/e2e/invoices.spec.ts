import { readFileSync } from 'node:fs';
import { expect, expectAccessible, login, test } from './fixtures';

for (const width of [390, 1366]) {
  test(`at ${width} px the owner writes an invoice, downloads its PDF, sends it and cancels it`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    await page.setViewportSize({ width, height: 844 });
    await login(page);
    const party = `Harbour Yoga ${width} ${Date.now().toString(36)}`;

    await page.goto('/financials/invoices/form');
    await page.getByLabel('Bill to', { exact: true }).fill(`${party}\n3 Quay Street`);
    await page.getByLabel('Email to send it to').fill('office@harbour-yoga.test');
    await page.getByLabel('Description').fill('Hair styling for the retreat brochure');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Unit price').fill('75');
    await page.getByLabel('Unit price').blur();
    await expectAccessible(page, `invoice form at ${width}`);
    await page.getByRole('button', { name: 'Save' }).click();

    // Its page: the counter's next number, who it is for, the total in pounds, a draft.
    await expect(page).toHaveURL(/\/financials\/invoices\/\d+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^SN-\d{4}\s*$/);
    const number = (await heading.textContent())!.trim();
    await expect(page.getByText(party).first()).toBeVisible();
    await expect(page.getByText('2 × Hair styling for the retreat brochure at £75.00: £150.00')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Draft' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await expectAccessible(page, `invoice at ${width}`);

    // The PDF, named for its number.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Sent by email after a confirmation; then cancelled, and it stays numbered.
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Invoice sent.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Sent$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel invoice' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel invoice' }).click();
    await expect(page.getByText('Invoice cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel invoice' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);

    // The list finds it by the party's name.
    await page.goto(`/financials/invoices/list?search=${encodeURIComponent(party)}`);
    await expect(page.getByText(number)).toBeVisible();
    await expect(page.getByText('Cancelled').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await expectAccessible(page, `invoices at ${width}`);
  });
}
