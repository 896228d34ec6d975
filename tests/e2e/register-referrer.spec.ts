import { expect, login, test } from './fixtures';

/**
 * The register page names who invited the visitor (spec §3, §7 `GET /affiliate/user/{code}`): opened from the demo
 * affiliate's link it says who and what discount the plan gets, above the form; a code nobody has shows nothing and
 * the form is as ever.
 */
test('a visitor from the demo affiliate’s link is told who invited them and the discount', async ({
  page,
  newContext,
  cspViolations,
}) => {
  void cspViolations;
  await login(page, 'affiliate@demo.test');
  const stats = await page.request.get('/api/v1/affiliate/statistic');
  const code = ((await stats.json()) as { data: { code: string } }).data.code;
  expect(code).toMatch(/^[A-Z0-9]{4,32}$/);

  const visitor = await newContext();
  const guest = await visitor.newPage();
  await guest.goto(`/register?ref=${code}`);
  await expect(guest.getByRole('heading', { name: 'Start your 14-day free trial', level: 1 })).toBeVisible();
  await expect(guest.getByText('Invited by Aria — 10% off your plan for 12 months', { exact: true })).toBeVisible();

  await guest.goto('/register?ref=NOSUCHCODE');
  await expect(guest.getByLabel('First name')).toBeVisible();
  await expect(guest.getByText(/^Invited by/)).toHaveCount(0);
  await visitor.close();
});
