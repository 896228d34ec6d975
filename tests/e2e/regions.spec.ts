import { expect, expectAccessible, test } from './fixtures';

/**
 * An owner outside GB and Ukraine signs up in region OTHER, chooses their country and currency from the lists (named
 * in their language), and the app then asks for and shows prices in the currency, and reads a phone number typed
 * without its country code as one of the country. In English at 1366 px and in Ukrainian at 390 px.
 */
const WORDS = {
  en: {
    region: 'Region',
    other: 'Another country',
    currency: 'Currency',
    euro: 'Euro · EUR',
    country: 'Country',
    germany: 'Germany',
    start: 'Start free trial',
  },
  uk: {
    region: 'Регіон',
    other: 'Інша країна',
    currency: 'Валюта',
    euro: 'євро · EUR',
    country: 'Країна',
    germany: 'Німеччина',
    start: 'Почати безкоштовно',
  },
} as const;

for (const [width, lang] of [
  [1366, 'en'],
  [390, 'uk'],
] as const) {
  test(`at ${width} px in ${lang} an owner in another country signs up in euros and is priced in them`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    const w = WORDS[lang];
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/register');
    if (lang === 'uk') await page.getByLabel('Language').selectOption({ label: 'Українська' });
    await page.locator('#root_first_name').fill('Inès');
    await page.locator('#root_last_name').fill('Lefèvre');
    await page.locator('#root_email').fill(`ines.${width}.${Date.now()}@example.com`);
    await page.locator('#root_password').fill('Ines-euro-1');
    await page.locator('#root_password_confirmation').fill('Ines-euro-1');
    // The country and the currency are asked only in region OTHER.
    await expect(page.getByRole('combobox', { name: w.currency })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: w.country })).toHaveCount(0);
    await page.getByRole('combobox', { name: w.region }).selectOption({ label: w.other });
    const currency = page.getByRole('combobox', { name: w.currency });
    await expect(currency).toBeVisible();
    await currency.selectOption({ label: w.euro });
    await page.getByRole('combobox', { name: w.country }).selectOption({ label: w.germany });
    await expectAccessible(page, `sign-up in region OTHER at ${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByRole('button', { name: w.start }).click();
    await expect(page).not.toHaveURL(/\/register/);

    // A service's price is typed in euros, and its list shows them.
    await page.goto('/appointments/services/form');
    await expect(page.locator('.sf-affix').filter({ has: page.locator('#root_price') })).toContainText('€');

    // A client's number typed as a German owner writes it is kept as a German number.
    await page.goto('/clients/form');
    await page.locator('#root_first_name').fill('Lena');
    await page.locator('#root_phone').fill('030 901820');
    await page.locator('#root_phone').press('Enter');
    await expect(page.getByRole('link', { name: '+4930901820' })).toHaveAttribute('href', 'tel:+4930901820');
  });
}
