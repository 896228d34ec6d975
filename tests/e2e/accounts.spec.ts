import { expect, expectAccessible, login, test } from './fixtures';

test('a new user registers and lands on their trial dashboard', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.goto('/login');
  await page.getByRole('link', { name: 'New here? Start your free trial' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expectAccessible(page, 'register');
  await page.getByLabel('First name').fill('Tess');
  await page.getByLabel('Last name').fill('Trial');
  await page.getByLabel('Email').fill('tess.trial@example.com');
  const password = page.locator('#root_password');
  await password.fill('lowercase1');
  await page.getByLabel('Confirm password').fill('lowercase1');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByText('The password must contain at least one capital letter.')).toBeVisible();
  await password.fill('Tess-trial-1');
  await page.getByLabel('Confirm password').fill('Tess-trial-1');
  await page.getByLabel('Region').selectOption({ label: 'Ukraine' });
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/account-setup\/subscription\/start$/);
  await expect(page.getByText('Welcome to Soloist! Your 14-day free trial has started.')).toBeVisible();
  // A UA owner gives the card to LiqPay when choosing a plan: the step leads on to the plans or the dashboard.
  await expect(page.getByText(/LiqPay asks for your card on its secure page/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Signed in as Tess Trial')).toBeVisible();
  await page.getByRole('link', { name: 'Subscription' }).click();
  await expect(page.getByText('Free trial')).toBeVisible();
  await expect(page.getByText('SMS: 5 · email: 5')).toBeVisible();
  await expectAccessible(page, 'subscription');
});

test('an admin signs in as a user and back', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The menu's entry: the dashboard's Users card links to the same list once it is drawn.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('cell', { name: 'owner@demo.test' })).toBeVisible();
  await expectAccessible(page, 'admin users');
  await page.getByRole('cell', { name: 'Olivia', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Olivia Hart' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as this user' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You are signed in as Olivia Hart.')).toBeVisible();
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back to my admin account' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
});

test('areas are kept to their users', async ({ page }) => {
  await login(page);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/affiliate/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a new affiliate joins and creates their referral code', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.goto('/register-affiliate');
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Partner');
  await page.getByLabel('Email').fill('nia.partner@example.com');
  await page.locator('#root_password').fill('Nia-partner-1');
  await page.getByLabel('Confirm password').fill('Nia-partner-1');
  await page.getByRole('button', { name: 'Join as an affiliate' }).click();
  await expect(page).toHaveURL(/\/affiliate\/dashboard$/);
  await page.getByRole('button', { name: 'Create my code' }).click();
  // The code and its link, to open or copy; the button is gone once there is a code.
  const referral = page.getByRole('region', { name: 'Your referral link' });
  await expect(referral.getByRole('link', { name: /\/register\?ref=[A-Z2-9]{8}$/ })).toBeVisible();
  await expect(referral).toContainText(/[A-Z2-9]{8}/);
  await expect(page.getByRole('button', { name: 'Create my code' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Who signed up through you' })).toContainText('Sign-ups');
  await expect(page.getByText('No one has signed up through your link yet.')).toBeVisible();
  await expectAccessible(page, 'affiliate dashboard');
});

test('the demo affiliate sees what the owners they brought paid them: owed, not yet due, paid', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page, 'affiliate@demo.test');
  const referral = page.getByRole('region', { name: 'Your referral link' });
  await expect(referral.getByRole('link', { name: /\/register\?ref=[A-Z2-9]{8}$/ })).toBeVisible();
  const money = page.getByRole('region', { name: 'What you earn' });
  await expect(money).toContainText('Owed to you£16.00');
  await expect(money).toContainText('Paid to you£16.00');
  await expect(page.getByRole('region', { name: 'Owners you referred' }).getByText('Subscriber')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments to you' })).toContainText('£16.00');
});

test('read-only mode: the banner counts down, writing is hidden and gated forms lead to the subscription', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page, 'readonly@demo.test');
  await expect(page.getByText('You are in Read Only Mode. Your account will be deleted in 60 days')).toBeVisible();
  await expectAccessible(page, 'read-only dashboard');
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(
    page
      .getByRole('button', {
        name: /Amelia|Arthur|Ava|Charlie|George|Grace|Harry|Isla|Jack|Leo|Lily|Mia|Noah|Oliver|Oscar/,
      })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'New client' })).toHaveCount(0);
  await page.goto('/clients/form');
  await expect(page).toHaveURL(/\/account-setup\/subscription\/details$/);
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reactivate' })).toHaveAttribute(
    'href',
    '/account-setup/subscription/details',
  );
});

test('a lite owner sees classes locked and which plan offers them', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page, 'lite@demo.test');
  // The lock offers the way up: the entry and the screen's message lead to the plans.
  const locked = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Classes/ });
  await expect(locked).toContainText('Business plan');
  await expect(locked).toHaveAttribute('href', '/account-setup/subscription/details');
  await page.goto('/appointments/classes/list');
  const status = page.getByRole('status').filter({ hasText: 'This feature is available on the Business plan.' });
  await expect(status).toBeVisible();
  await expectAccessible(page, 'lite classes');
  await status.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/account-setup\/subscription\/details$/);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: /Packages/ })
    .click();
  await expect(page).toHaveURL(/\/account-setup\/subscription\/details$/);
});

test('a lite owner asks for marketing; the admins see when, on the owner’s page', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'lite@demo.test');
  const { id } = (await (await page.request.get('/api/v1/user')).json()).data as { id: number };
  // The locked entry leads to the marketing screen itself, whose refusal offers the request beside the plans.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const entry = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Marketing/ });
  await expect(entry).toContainText('Premium plan');
  await entry.click();
  await expect(page).toHaveURL(/\/marketing\/list$/);
  const status = page.getByRole('status').filter({ hasText: 'This feature is available on the Premium plan.' });
  await expect(status.getByRole('link', { name: 'See plans' })).toBeVisible();
  await status.getByRole('button', { name: 'Request access' }).click();
  const received = page.getByRole('dialog', { name: 'Request received!' });
  await expect(received).toContainText(
    'Your request has been sent. We will let you know when marketing is open for you.',
  );
  await expectAccessible(page, 'marketing requested');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await received.getByRole('button', { name: 'OK' }).click();
  await expect(received).toBeHidden();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'admin@demo.test');
  await page.goto(`/admin/users/${id}`);
  const asked = page.getByText('Marketing asked for').locator('xpath=..');
  await expect(asked).toContainText(/\d/);
  await expect(asked).not.toContainText('—');
});
