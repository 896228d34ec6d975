import { expect, expectAccessible, login, test } from './fixtures';
import { measure, settle } from './sweep';

/**
 * Refer a friend (spec §2): the demo owner finds their link and what a friend and they get, copies the link, a friend
 * signs up through it in a browser of their own, and the owner sees one friend; the screen fits a desk and a phone in
 * both languages.
 */
test('the demo owner copies their link, a friend signs up through it, and the owner sees one friend', async ({
  page,
  context,
  newContext,
  cspViolations,
}) => {
  void cspViolations;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1366, height: 800 });
  await login(page);
  await page.getByRole('link', { name: 'Refer a friend' }).click();
  await expect(page).toHaveURL(/\/refer-a-friend$/);
  await expect(page.getByRole('heading', { name: 'Refer a friend', level: 1 })).toBeVisible();

  const referral = page.getByRole('region', { name: 'Your referral link' });
  const link = referral.getByRole('link', { name: /\/register\?ref=[A-Z2-9]{8}$/ });
  await expect(link).toBeVisible();
  const url = (await link.textContent())!;
  const offer = page.getByRole('region', { name: 'What a friend and you get' });
  await expect(offer).toContainText(
    'A friend who signs up through your link gets 10% off their plan for the first 12 months of their subscription.',
  );
  await expect(offer).toContainText('You earn £5.00 for each payment your friends make for their plan.');
  await expect(offer).toContainText('due 60 days after it');
  await expect(page.getByText('No friend has signed up through your link yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get my link' })).toHaveCount(0);
  await expectAccessible(page, 'refer a friend, no friend yet');

  await referral.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(url);

  // A friend, in a browser of their own, opens the copied link and starts their trial.
  const friendContext = await newContext({ baseURL: new URL(copied).origin, serviceWorkers: 'block' });
  const friend = await friendContext.newPage();
  await friend.goto(copied);
  await friend.getByLabel('First name').fill('Frankie');
  await friend.getByLabel('Last name').fill('Friend');
  await friend.getByLabel('Email').fill('frankie.friend@example.com');
  await friend.locator('#root_password').fill('Frankie-friend-1');
  await friend.getByLabel('Confirm password').fill('Frankie-friend-1');
  await friend.getByRole('button', { name: 'Start free trial' }).click();
  await expect(friend).toHaveURL(/\/account-setup\/subscription\/start$/);
  await friendContext.close();

  await page.reload();
  const friends = page.getByRole('region', { name: 'Friends who signed up through you' });
  await expect(friends.getByRole('row')).toHaveCount(2);
  await expect(friends.getByRole('cell', { name: 'Trial' })).toBeVisible();
  // The day in words, no name or address.
  const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  await expect(friends).toContainText(today);
  await expect(friends).not.toContainText('Frankie');
  await expect(page.getByRole('region', { name: 'Your friends' })).toContainText('Signed up1');
  await expectAccessible(page, 'refer a friend, one friend');
});

for (const locale of ['en', 'uk'] as const) {
  test(`refer a friend fits a desk and a phone in ${locale}, with no raw keys`, async ({
    page,
    context,
    cspViolations,
  }) => {
    void cspViolations;
    await login(page);
    await context.addCookies([{ name: 'locale', value: locale, url: page.url() }]);
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/refer-a-friend');
      await settle(page);
      const { keys, width, main } = await measure(page, viewport.width > 390);
      expect({ keys, sideways: main?.sideways ?? [] }).toEqual({ keys: [], sideways: [] });
      if (main) expect(main.share).toBeGreaterThanOrEqual(0.7);
      else expect(width).toBeLessThanOrEqual(viewport.width);
      if (locale === 'en') await expectAccessible(page, `refer a friend at ${viewport.width} px`);
    }
  });
}
