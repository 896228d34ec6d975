import { expect, login, test } from './fixtures';
import type { Page } from '@playwright/test';

/** The calendar on phones and in Ukrainian, what an event says, and toasts that keep clear of controls. */

/** A date a few weeks ahead (a weekday), as YYYY-MM-DD. */
function ahead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Calls the API as the logged-in page (its cookies and CSRF token). */
async function api(page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  await page.request.get('/sanctum/csrf-cookie');
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

test('on a phone the calendar opens on one day, its controls below, nothing wider than the screen', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await page.goto('/appointments/calendar/events');
  const today = new Date().toISOString().slice(0, 10);
  // Day view: FullCalendar names its arrows after the view ("Previous Day").
  await expect(page.getByRole('button', { name: 'Previous Day' })).toBeVisible();
  await expect(page.locator('main button', { hasText: /^List$/ })).toBeVisible();
  await expect(page.locator(`[data-date="${today}"]`).first()).toBeVisible();
  expect(
    await page
      .locator('[data-date]')
      .evaluateAll((els, d) => els.every((e) => e.getAttribute('data-date') === d), today),
  ).toBe(true);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("FullCalendar's own controls speak Ukrainian", async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.getByLabel('Language').selectOption({ label: 'Українська' });
  await page.goto('/appointments/calendar/events');
  for (const name of ['Сьогодні', 'День', 'Тиждень', 'Місяць'])
    await expect(page.locator('main button', { hasText: new RegExp(`^${name}$`) })).toBeVisible();
  await expect(page.getByText('Увесь', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('08:00', { exact: true }).first()).toBeVisible();
  await page.context().clearCookies({ name: 'locale' });
});

test("an event names the client and shows its payment; the dialog says attendance, not a bare 'Pending'", async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  const services = (await api(page, 'GET', '/api/v1/services?is_lite=1')) as Array<{ id: number; title: string }>;
  const service = services.find((s) => s.title === 'Haircut') ?? services[0];
  const clients = (await api(page, 'GET', '/api/v1/clients?search=Amelia')) as {
    data: Array<{ id: number; first_name: string; last_name: string }>;
  };
  const client = clients.data[0];
  const date = ahead(30);
  await api(page, 'POST', '/api/v1/appointments', {
    type: 'service',
    service_id: service.id,
    client_ids: [client.id],
    date,
    start_time: '11:00',
  });

  await page.goto('/appointments/calendar/events');
  await page.getByRole('tab', { name: 'Day view' }).click();
  // Go to the day: FullCalendar's next button until the date shows.
  for (let i = 0; i < 60 && !(await page.locator(`[data-date="${date}"]`).count()); i++)
    await page.getByRole('button', { name: /next/i }).first().click();
  const name = `${client.first_name} ${client.last_name}`;
  const event = page.getByText(name).first();
  await expect(event).toBeVisible();
  await expect(page.locator('[data-payment="unpaid"]').first()).toHaveText('Unpaid');
  await event.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Unpaid')).toBeVisible();
  await expect(dialog.getByLabel(`Attendance: ${name}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // In the week's narrower, shorter bar the chip still shows whole, inside its event.
  await page.getByRole('tab', { name: 'Week view' }).click();
  const bar = page.getByRole('button', { name: new RegExp(`^11:00.*${name}`) });
  const chip = bar.locator('[data-payment="unpaid"]');
  await expect(chip).toBeVisible();
  const [e, c] = [(await bar.boundingBox())!, (await chip.boundingBox())!];
  expect(c.y + c.height).toBeLessThanOrEqual(e.y + e.height + 0.5);
  expect(c.x + c.width).toBeLessThanOrEqual(e.x + e.width + 0.5);
});

test('a toast never covers the banner button of a signed-in-as admin', async ({ page, cspViolations }) => {
  void cspViolations;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await login(page, 'admin@demo.test');
    await page.goto('/admin/users');
    // A table on a desk, cards on a phone.
    await page
      .getByRole('main')
      .getByText(/^Olivia\b/)
      .first()
      .click();
    await page.getByRole('button', { name: 'Sign in as this user' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const toast = page.getByRole('alert').filter({ hasText: 'You are now signed in as Olivia Hart.' });
    await expect(toast).toBeVisible();
    // Measured once the dashboard's cards are in: the toast is placed again as the page fills.
    await expect(page.getByText('Active clients')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New client' })).toBeVisible();
    const back = page.getByRole('button', { name: 'Back to my admin account' });
    const a = (await toast.boundingBox())!;
    const b = (await back.boundingBox())!;
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `toast ${JSON.stringify(a)} over button ${JSON.stringify(b)} at ${width} px`).toBe(false);
    const header = (await page.locator('header').boundingBox())!;
    expect(a.y).toBeGreaterThanOrEqual(header.y + header.height);
    // The toast hides itself after 3 s, which a loaded machine can spend measuring; it covers nothing, so it is left.
    await back.click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a new owner lands on a setup checklist that links to each step; the demo owner has it done', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get set up' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/register');
  await page.getByLabel('First name').fill('Nova');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Email').fill(`nova.${Date.now()}@example.com`);
  await page.locator('#root_password').fill('Nova-start-1');
  await page.getByLabel('Confirm password').fill('Nova-start-1');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/account-setup\/subscription\/start$/);
  await page.getByRole('link', { name: 'Later' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const checklist = page.getByRole('region', { name: 'Get set up' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText('0 of 5 done')).toBeVisible();
  for (const step of [
    'Add a service',
    'Set your business hours',
    'Turn on online booking',
    'Add a client',
    'Choose your plan for after the trial',
  ])
    await expect(checklist.getByRole('link', { name: new RegExp(step) })).toBeVisible();
  await checklist.getByRole('link', { name: /Add a client/ }).click();
  await expect(page).toHaveURL(/\/clients\/form$/);
  await page.getByLabel('First name').fill('Fiona');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(checklist.getByText('1 of 5 done')).toBeVisible();
  await expect(checklist.locator('[data-done="true"]')).toContainText('Add a client');
});

test('on a phone tables scroll inside their card, never the page', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  for (const path of ['/clients/list', '/appointments/services/list']) {
    await page.goto(path);
    const tableTab = page.getByRole('button', { name: 'Table' }).or(page.getByRole('tab', { name: 'Table' }));
    await tableTab.first().click();
    const table = page.getByRole('table').first();
    await expect(table).toBeVisible();
    await page.screenshot({ path: `test-results/phone-table-${path.split('/')[1]}.png` });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.page, path).toBeLessThanOrEqual(390);
    expect(widths.body, path).toBeLessThanOrEqual(390);
  }
});

test("the login toast keeps clear of the read-only banner's Reactivate button", async ({ page, cspViolations }) => {
  void cspViolations;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await login(page, 'readonly@demo.test');
    const toast = page.getByRole('alert').filter({ hasText: 'Welcome back!' });
    await expect(toast).toBeVisible();
    const reactivate = page.getByRole('link', { name: 'Reactivate' });
    await expect(reactivate).toBeVisible();
    await page.waitForTimeout(300);
    const a = (await toast.boundingBox())!;
    const b = (await reactivate.boundingBox())!;
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `toast ${JSON.stringify(a)} over Reactivate ${JSON.stringify(b)} at ${width} px`).toBe(false);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});
