import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

test.use({ tours: 'live' });

/** A new owner on the free trial, signed in on `page` (the API's own registration, as the form sends it). */
async function newOwner(page: Page, name: string): Promise<void> {
  await page.goto('/login');
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.post('/api/register', {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    data: {
      first_name: name,
      last_name: 'Newcomer',
      email: `${name.toLowerCase()}.${Date.now()}@example.com`,
      password: 'Tour-guide-1',
      password_confirmation: 'Tour-guide-1',
      region: 'GB',
    },
  });
  expect(res.status()).toBeLessThan(300);
}

const doneSteps = async (page: Page) =>
  ((await (await page.request.get('/api/v1/onboarding')).json()) as { data: Array<{ step_id: string }> }).data
    .map((s) => s.step_id)
    .sort();

test('a new owner is shown the clients tour once, by keyboard, and can replay it from the help menu', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await newOwner(page, 'Tina');
  await page.goto('/clients/list');
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();

  // The first step opens by itself once the list is drawn, named for screen readers, focus on Next.
  const tour = page.getByRole('dialog', { name: 'Add a client' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('1 of 4');
  await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();
  await expectAccessible(page, 'clients tour');

  // Enter and the right arrow move on, the left arrow goes back; each step takes focus when it is drawn.
  const at = async (title: string, button = 'Next') =>
    expect(page.getByRole('dialog', { name: title }).getByRole('button', { name: button })).toBeFocused();
  await page.keyboard.press('Enter');
  await at('Bring your client list');
  await page.keyboard.press('ArrowRight');
  await at('Find anyone fast');
  await page.keyboard.press('ArrowLeft');
  await at('Bring your client list');
  await page.keyboard.press('ArrowRight');
  await at('Find anyone fast');
  await page.keyboard.press('ArrowRight');
  await at('Archived clients', 'Done');
  await expect(page.getByRole('dialog', { name: 'Archived clients' })).toContainText('4 of 4');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect
    .poll(() => doneSteps(page))
    .toEqual(['clients.list:archive', 'clients.list:import', 'clients.list:new-client', 'clients.list:search']);

  // It does not come back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The help menu shows it again; Esc skips it.
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Show the tour of this screen' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a client' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New client' })).toBeVisible();
});

test('a form’s tour points at its own fields: the appointment form', async ({ page, cspViolations }) => {
  void cspViolations;
  await newOwner(page, 'Fiona');
  await page.goto('/appointments/calendar/form');
  const first = page.getByRole('dialog', { name: 'Appointment or time off' });
  await expect(first).toBeVisible();
  await expect(first).toContainText('1 of 4');
  // Each step lights up the field it speaks of (the renderer marks a form's fields `field-<name>`).
  const lit = (field: string) =>
    expect(page.locator(`[data-tour="field-${field}"]`)).toHaveClass(/driver-active-element/);
  await lit('type');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Pick the service' })).toBeVisible();
  await lit('service_id');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Who is coming' })).toBeVisible();
  await lit('client_ids');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Repeat it' })).toContainText('4 of 4');
  await lit('recurring');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect
    .poll(() => doneSteps(page))
    .toEqual([
      'appointments.form:clients',
      'appointments.form:repeat',
      'appointments.form:service',
      'appointments.form:type',
    ]);
});

test.describe('in Ukrainian on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the clients tour speaks Ukrainian, fits the screen, and a skip is kept', async ({ page, cspViolations }) => {
    void cspViolations;
    await newOwner(page, 'Taras');
    await page.context().addCookies([{ name: 'locale', value: 'uk', url: new URL(page.url()).origin }]);
    await page.goto('/clients/list');
    await expect(page.getByRole('heading', { name: 'Клієнти', exact: true })).toBeVisible();
    const tour = page.getByRole('dialog', { name: 'Додайте клієнта' });
    await expect(tour).toBeVisible();
    await expect(tour).toContainText('1 з 4');
    await expect(tour.getByRole('button', { name: 'Далі' })).toBeFocused();
    const box = (await tour.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(tour).not.toContainText(/tours\.|tour\./);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Перенесіть свій список клієнтів' })).toBeVisible();
    await page.getByRole('button', { name: 'Пропустити тур' }).first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A skip counts every step left: the tour is not offered again.
    await expect.poll(async () => (await doneSteps(page)).length).toBe(4);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Клієнти', exact: true })).toBeVisible();
    await page.waitForTimeout(2_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Довідка' }).click();
    await page.getByRole('menuitem', { name: 'Показати тур цього екрана' }).click();
    await expect(page.getByRole('dialog', { name: 'Додайте клієнта' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
