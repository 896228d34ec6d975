import { expect, expectAccessible, test } from './fixtures';

/**
 * A new owner on the trial saves a card on the provider's hosted page (a declined one first), chooses Business for
 * when the trial ends, switches to Premium, cancels (auto-renew off) and resumes; on a phone too.
 */
test('a new owner adds a card on the hosted page and chooses a plan on the trial', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/register');
  await page.getByLabel('First name').fill('Paula');
  await page.getByLabel('Last name').fill('Plans');
  await page.getByLabel('Email').fill('paula.plans@example.com');
  await page.locator('#root_password').fill('Paula-plans-1');
  await page.getByLabel('Confirm password').fill('Paula-plans-1');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  // Registration goes on to the trial's card step, which can be left for later.
  await expect(page).toHaveURL(/\/account-setup\/subscription\/start$/);
  await page.getByRole('link', { name: 'Later' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/account-setup/subscription/cards');
  await expect(page.getByText('No cards yet. Add one to pay for your plan.')).toBeVisible();
  await expectAccessible(page, 'cards, empty');
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page.getByRole('heading', { name: 'Save your card' })).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect card details');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(/\/account-setup\/subscription\/cards\?card=saved$/);
  await expect(page.getByText('Card saved.')).toBeVisible();
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();
  await expect(page.getByText('Default', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByText('£24.00')).toBeVisible();
  await expectAccessible(page, 'plans');
  await page.getByRole('button', { name: 'Choose Business' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your trial carries on');
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByText('You have subscribed to Business Monthly.')).toBeVisible();
  await expect(page.getByText('Business · Monthly')).toBeVisible();
  await expect(page.getByText('Current plan')).toBeVisible();

  await page.getByRole('button', { name: 'Switch to Premium' }).click();
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByText('Your plan is now Premium Monthly.')).toBeVisible();
  await expect(page.getByText('Premium · Monthly')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByText(/Auto-renew is off: your subscription ends on \w+day \d{1,2} \w+ \d{4}\./)).toBeVisible();
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText('Auto-renew is on again: your subscription carries on.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('Nothing billed yet.', { exact: false })).toBeVisible();
});
