import { chooseFirstTime, lastCode } from './booking-steps';
import { expect, expectAccessible, login, test } from './fixtures';

/** A fresh address each run: the client is new whatever ran before. */
const client = `deposit.${Date.now().toString(36)}@example.com`;

test('the owner connects Stripe through its consent page, a client pays a deposit, and the owner sees it in income', async ({
  page,
  newContext,
  cspViolations,
}) => {
  void cspViolations;
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page);
  await page.goto('/account-setup/integrations/payments-integration');
  // The demo owner's Stripe account is connected: disconnect it, then connect another through Stripe's page.
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('Clients can pay deposits online when they book.')).toBeVisible();
  await expectAccessible(page, 'payments integration');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Stripe is disconnected.')).toBeVisible();
  await expect(page.getByText('Online deposits are off until a card provider is connected.')).toBeVisible();

  await page.getByRole('button', { name: 'Connect Stripe' }).click();
  // The local Stripe's consent page, reached through the app's own address.
  await expect(page).toHaveURL(/\/local\/stripe\/oauth\/authorize\?/);
  await expect(page.getByRole('heading', { name: /wants to connect to your Stripe account/ })).toBeVisible();
  await page.getByLabel(/Business name/).fill('Olivia Hart Hair');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/account-setup\/integrations\/payments-integration$/);
  await expect(page.getByText('Stripe is connected.')).toBeVisible();
  await expect(page.getByText('Account: Olivia Hart Hair')).toBeVisible();
  await page.screenshot({ path: 'test-results/payments-integration-1366-en.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Account: Olivia Hart Hair')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/payments-integration-390-en.png', fullPage: true });

  // A client books with a deposit: the payment page names the owner's own account.
  const phone = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const booking = await phone.newPage();
  await booking.goto('/online-booking/olivia-hart');
  await booking.getByRole('button', { name: /An appointment/ }).click();
  await booking.getByLabel('Email').fill(client);
  await booking.getByRole('button', { name: 'Send code' }).click();
  await expect(booking.getByText(`We sent a 6-digit code to ${client}.`)).toBeVisible();
  await booking.getByLabel('6-digit code').fill(lastCode(client));
  await booking.getByRole('button', { name: 'Verify' }).click();
  await booking.getByRole('button', { name: /Colour and style/ }).click();
  await chooseFirstTime(booking);
  await booking.getByLabel('First name').fill('Dana');
  await booking.getByLabel('Last name').fill('Deposit');
  await booking.getByLabel('Any allergies we should know about?').fill('None');
  await booking.getByRole('button', { name: 'Continue' }).click();
  await booking.getByRole('button', { name: 'Confirm and pay £20.00' }).click();
  await expect(booking).toHaveURL(/\/local\/stripe\/pay\//);
  await expect(booking.getByText(/Olivia Hart Hair \(acct_/)).toBeVisible();
  await booking.getByRole('button', { name: 'Pay £20.00' }).click();
  await expect(booking.getByRole('heading', { name: 'Paid: you are booked' })).toBeVisible();
  await phone.close();

  // The owner's income lists it.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/financials/income/list');
  await expect(page.getByText('Dana Deposit').first()).toBeVisible();
  await expect(page.getByText('£20.00').first()).toBeVisible();
});

test('the integrations and payment settings screens read in Ukrainian and fit a phone', async ({ page }) => {
  await login(page);
  await page.getByLabel('Language').selectOption({ label: 'Українська' });
  await expect(page.getByRole('heading', { name: 'Панель' })).toBeVisible();
  for (const [route, name] of [
    ['/account-setup/integrations/payments-integration', 'payments-integration'],
    ['/account-setup/integrations/zoom-integration', 'zoom-integration'],
    ['/account-setup/customisation/payment_settings', 'payment-settings'],
  ]) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main')).not.toContainText('integrations.');
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/${name}-${width}-uk.png`, fullPage: true });
    }
  }
  await page.context().clearCookies();
});
