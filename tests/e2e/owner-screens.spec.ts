import { expect, login, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

test('prices read in pounds in lists and details; a package names its services with how many', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.goto('/appointments/services/list');
  await expect(page.getByText('£35.00').first()).toBeVisible();
  await expect(page.getByText('3500')).toHaveCount(0);
  await page.goto('/appointments/packages/list');
  await expect(page.getByText('£95.00').first()).toBeVisible();
  await page.getByText('Three haircuts').first().click();
  await expect(page.getByRole('heading', { name: 'Three haircuts' })).toBeVisible();
  await expect(page.getByText('3 × Haircut')).toBeVisible();
  await expect(page.getByText('£95.00')).toBeVisible();
});

test('the appointment form fills from the service, hides what private time lacks, and the client page lists the booking', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  const clients = (await (await page.request.get('/api/v1/clients?is_lite=1')).json()) as Array<{
    id: number;
    first_name: string;
    last_name: string;
  }>;
  const client = clients.find((c) => c.last_name)!;
  await page.goto('/appointments/calendar/form?date=2027-05-03&start_time=10:00');
  await expect(page.locator('#root_service_id')).toBeVisible();
  await expect(page.locator('#root_scope')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.locator('#root_type').selectOption({ label: 'Private time' });
  await expect(page.locator('#root_service_id')).toHaveCount(0);
  await expect(page.locator('#root_client_ids')).toHaveCount(0);
  await expect(page.locator('#root_price')).toHaveCount(0);
  await page.locator('#root_type').selectOption({ label: 'Service appointment' });

  // Saving without a service: the server's message, gone once a service is chosen.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You need to choose type of service!').first()).toBeVisible();
  await page.locator('#root_service_id').click();
  await page.getByRole('option', { name: 'Haircut' }).click();
  await expect(page.locator('#root_price')).toHaveValue('35.00');
  await expect(page.locator('#root_duration-minutes')).toHaveValue('45');
  await expect(page.getByText('You need to choose type of service!')).toHaveCount(0);

  // The client by surname, shown with their full name.
  await page.locator('#root_client_ids').fill(client.last_name);
  await page
    .getByRole('option', { name: new RegExp(`${client.first_name} ${client.last_name}`) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/appointments\/calendar/);

  await page.goto(`/clients/${client.id}`);
  const history = page.getByRole('region', { name: 'Appointments' });
  // Newest first: the booking just made heads the client's history (demo clients have earlier ones too).
  const booked = history.getByRole('row').filter({ hasText: '3 May 2027' });
  await expect(booked).toContainText('Haircut');
  await expect(booked).toContainText('10:00');
});

test('a refused sign-up keeps what was typed, except the passwords', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.goto('/register');
  await page.locator('#root_first_name').fill('Olivia');
  await page.locator('#root_last_name').fill('Again');
  await page.locator('#root_email').fill('owner@demo.test');
  await page.locator('#root_password').fill('Secret-pass-1');
  await page.locator('#root_password_confirmation').fill('Secret-pass-1');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByText('The email has already been taken.').first()).toBeVisible();
  await expect(page.locator('#root_first_name')).toHaveValue('Olivia');
  await expect(page.locator('#root_last_name')).toHaveValue('Again');
  await expect(page.locator('#root_email')).toHaveValue('owner@demo.test');
  await expect(page.locator('#root_password')).toHaveValue('');
});

test('online booking settings show the page address; a missing record is a not-found page with the way back', async ({
  page,
  context,
  cspViolations,
}) => {
  void cspViolations;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  await page.goto('/appointments/online-booking');
  const address = 'http://127.0.0.1:3210/online-booking/olivia-hart';
  await expect(page.getByRole('link', { name: address })).toHaveAttribute('href', address);
  await expect(page.getByRole('link', { name: 'Open' })).toHaveAttribute('href', address);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.getByText(/§|\/api\//)).toHaveCount(0);

  await page.goto('/clients/999999');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('No query results for that record.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Clients' }).click();
  await expect(page).toHaveURL(/\/clients\/list$/);
});
