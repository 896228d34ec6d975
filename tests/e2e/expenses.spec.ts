import { expect, expectAccessible, login, test } from './fixtures';

/** The owner's today in London, and a day some months back. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
const monthsBack = (n: number) => {
  const [y, m] = today().split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 10);
};

for (const width of [390, 1366]) {
  test(`at ${width} px the owner records a monthly expense and a business trip, and net income for the month falls`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    await page.setViewportSize({ width, height: 844 });
    await login(page);
    const title = `Studio rent ${width} ${Date.now().toString(36)}`;
    const month = today().slice(0, 7);
    type Row = { period: string; expenses: number; mileage: number; net: number };
    const thisMonth = async () =>
      ((await (await page.request.get('/api/v1/payments/net-income')).json()).rows as Row[]).find(
        (r) => r.period === month,
      )!;
    const before = await thisMonth();

    // A monthly expense from the first of three months back: the months since are written at once, the next is shown.
    await page.goto('/financials/expenses/form');
    await page.getByLabel('Category').selectOption({ label: 'Rent and premises' });
    await page.getByLabel('What for').fill(title);
    await page.getByLabel('Amount').fill('120');
    await page.getByLabel('Amount').blur();
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill(monthsBack(3));
    await page.getByLabel('Repeats', { exact: true }).selectOption({ label: 'Monthly' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/financials\/expenses\/list/);
    const res = await page.request.get(`/api/v1/expenses?search=${encodeURIComponent(title)}&per_page=10`);
    const rows = (await res.json()).data as Array<{ date: string; amount: number; next_recurrence_date: string }>;
    expect(rows.map((r) => r.date).sort()).toEqual([3, 2, 1, 0].map(monthsBack));
    expect(rows.every((r) => r.amount === 12000 && r.next_recurrence_date > today())).toBe(true);
    await page.goto(`/financials/expenses/list?search=${encodeURIComponent(title)}`);
    await expect(page.getByText(title).first()).toBeVisible();
    await expect(page.getByText('£120.00').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await expectAccessible(page, `expenses at ${width}`);

    // A trip by car: its amount comes from the mileage rates.
    await page.goto('/financials/expenses/form');
    await page.getByLabel('Kind').selectOption({ label: 'Business trip (mileage)' });
    await expect(page.getByLabel('Amount')).toHaveCount(0);
    await page.getByLabel('What for').fill(`Wedding ${title}`);
    await page.getByRole('combobox', { name: 'From', exact: true }).fill('Studio');
    await page.getByRole('combobox', { name: 'To', exact: true }).fill('Harrogate');
    await page
      .getByRole('textbox', { name: 'Miles' })
      .or(page.getByRole('spinbutton', { name: 'Miles' }))
      .fill('12.5');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill(today());
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully.')).toBeVisible();
    const trip = (
      await (await page.request.get(`/api/v1/expenses?search=${encodeURIComponent(`Wedding ${title}`)}`)).json()
    ).data[0] as { amount: number; category: string; miles: number };
    expect(trip).toMatchObject({ category: 'travel', miles: 12.5 });
    expect(trip.amount).toBeGreaterThan(0);

    // Net income for the month: less this month's rent and the trip.
    const after = await thisMonth();
    expect(after.expenses - before.expenses).toBe(12000);
    expect(after.mileage - before.mileage).toBe(trip.amount);
    expect(after.net).toBe(before.net - 12000 - trip.amount);
    await page.goto('/financials/net-income/list');
    const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    await expect(page.getByTestId(`net-${month}`)).toContainText(pounds.format(after.net / 100));
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await expectAccessible(page, `net income at ${width}`);
  });
}

test('the expenses screens fit and read in Ukrainian', async ({ page, context, cspViolations }) => {
  void cspViolations;
  await login(page);
  await context.addCookies([{ name: 'locale', value: 'uk', url: page.url() }]);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of [
      '/financials/expenses/list',
      '/financials/expenses/form',
      '/account-setup/customisation/mileage-settings',
    ]) {
      await page.goto(path);
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect([path, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([path, width]);
    }
  }
  await page.goto('/financials/expenses/list');
  await expect(page.getByRole('heading', { name: 'Витрати' }).first()).toBeVisible();
  await expect(page.getByText('Оренда приміщення').first()).toBeVisible();
  await expectAccessible(page, 'expenses in uk');
});
