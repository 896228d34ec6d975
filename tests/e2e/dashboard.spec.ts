import { expect, expectAccessible, login, test } from './fixtures';

test('the demo owner’s dashboard shows its cards with real figures, charts with their tables, and goals', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  const card = (name: string) => page.getByRole('region', { name });
  await expect(card('Income this month').getByText(/^£[\d,]+\.\d\d$/)).toBeVisible();
  await expect(card('Income this week').getByText(/the same days last week/)).toBeVisible();
  await expect(card('Left to pay').getByText(/^£[\d,]+\.\d\d$/)).toBeVisible();
  await expect(card('Appointments').getByText('Coming up')).toBeVisible();
  // A chart is an image with a summary, and its figures are a table too.
  const weeks = card('Income by week');
  await expect(weeks.getByRole('img', { name: /Income by week: 12 values/ })).toBeVisible();
  await weeks.getByText('Figures as a table').click();
  await expect(weeks.getByRole('table').getByRole('row')).toHaveCount(13);
  await expect(card('Goals').getByText('Income received · each month')).toBeVisible();
  await expectAccessible(page, 'Dashboard');
});

test('dashboard settings hide a card and move another to the top', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.getByRole('button', { name: 'Customise dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard settings' }).first()).toBeVisible();
  await page.getByLabel('Show “SMS credits”').uncheck();
  for (let i = 0; i < 9; i++) {
    const up = page.getByRole('button', { name: 'Move “Goals” up' });
    if (await up.isDisabled()) break;
    await up.click();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dashboard saved')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Goals' })).toBeVisible();
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('Goals');
  expect(headings).not.toContain('SMS credits');
  // Back as it was, for the other tests.
  await page.goto('/account-setup/customisation/dashboard-settings');
  await page.getByRole('button', { name: 'Back to the standard layout' }).click();
  await expect(page.getByText('Dashboard saved')).toBeVisible();
});

for (const width of [390, 1366]) {
  test(`at ${width} px the owner sets a goal through the wizard and sees its progress`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    await page.setViewportSize({ width, height: 900 });
    await login(page);
    await page.goto('/account-setup/goals');
    await page.getByRole('button', { name: 'New goal' }).click();
    await expect(page.getByRole('heading', { name: 'What do you want to reach?' })).toBeVisible();
    await page.getByRole('button', { name: /Number of sales/ }).click();
    await page.getByRole('button', { name: /^Quarter/ }).click();
    const amount = page.getByLabel('Number');
    await amount.fill('0');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Enter a target above zero')).toBeVisible();
    await amount.fill(String(width === 390 ? 40 : 60));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Number: ${width === 390 ? 40 : 60} each quarter`)).toBeVisible();
    await page.getByRole('button', { name: 'Save goal' }).click();
    await expect(page).toHaveURL(/\/account-setup\/goals$/);
    await expect(page.getByText('Goal saved')).toBeVisible(); // the toast in, before axe measures its colours
    // A row on a laptop, a card on a phone: the goal, its period, how far along and its figures in words.
    const goal = page
      .locator('[data-testid^="row-"]')
      .filter({ hasText: 'Number of sales' })
      .filter({ hasText: 'Quarter' })
      .filter({ hasText: ` of ${width === 390 ? 40 : 60}` });
    await expect(goal).toBeVisible();
    await expect(goal.getByRole('progressbar')).toHaveAttribute('aria-valuetext', /\d+ %/);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, 'Goals');
    await goal.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted successfully.')).toBeVisible();
    await expect(goal).toHaveCount(0);
  });
}

test('analytics: a chosen period, figures against the one before, advanced charts, in English and Ukrainian', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.goto('/analytics/list');
  await page.getByRole('button', { name: 'Last month' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d\d-01&to=/);
  await expect(page.getByRole('region', { name: 'Income' }).getByText(/the period before/)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Income by service: 3 values/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Appointments by weekday: 7 values/ })).toBeVisible();
  await expectAccessible(page, 'Analytics');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByLabel('Language').selectOption({ label: 'Українська' });
  await expect(page.getByRole('heading', { name: 'Аналітика' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Дохід за послугами' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'Аналітика');
  await page.context().clearCookies();
});
