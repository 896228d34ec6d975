import { expect, login, test } from './fixtures';
import type { Response } from '@playwright/test';

/** The app shell: the root address, logging out, what the browser downloads, and the tab's title. */

test('/ opens the dashboard, and a guest goes on to the login page', async ({ page, cspViolations }) => {
  void cspViolations;
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await login(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('log out lands on /login once, forgets the data and stops asking the server', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page.getByText(/@example\.com/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();

  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
  await page.waitForTimeout(5000);
  expect(requests.length, requests.join('\n')).toBeLessThan(5);

  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByText(/@example\.com/)).toHaveCount(0);
  await expect(page.getByText('Signed in as Olivia Hart')).toHaveCount(0);
  expect(requests.filter((r) => r.includes('/api/v1/user')).length).toBeLessThan(2);
});

test('a change of language reaches the words the server wrote, without a reload', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.goto('/appointments/online-booking');
  // The payment status is the server's sentence, in the language of the request that read it.
  await expect(page.getByText('Clients can pay deposits online when they book.')).toBeVisible();
  await page.getByLabel('Language').selectOption({ label: 'Українська' });
  await expect(page.getByText('Клієнти можуть сплатити завдаток онлайн під час бронювання.')).toBeVisible();
  await expect(page.getByText('Clients can pay deposits online when they book.')).toHaveCount(0);
  await page.getByLabel('Мова').selectOption({ label: 'English' });
  await expect(page.getByText('Clients can pay deposits online when they book.')).toBeVisible();
});

test('an expired session (401) sends the user to /login once, to come back after', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page.getByText(/@example\.com/).first()).toBeVisible();
  await page.context().clearCookies({ name: 'soloist_session' });
  const users: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/user')) users.push(r.url());
  });
  await page.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fappointments%2Fservices%2Flist$/);
  await page.waitForTimeout(2000);
  expect(users.length).toBeLessThan(3);
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password').fill('Demo-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/appointments\/services\/list$/);
});

test('scripts, styles and the page come compressed; a favicon; each screen names the tab', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  const encodings = new Map<string, string>();
  const seen: Array<Promise<void>> = [];
  const record = (r: Response) => {
    const type = r.request().resourceType();
    // The built app (page, chunks, styles); the API's own answers are not pre-compressed files.
    if ((type === 'script' || type === 'stylesheet' || type === 'document') && !r.url().includes('/api/'))
      seen.push(r.allHeaders().then((h) => void encodings.set(r.url(), h['content-encoding'] ?? 'none')));
  };
  page.on('response', record);
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  page.off('response', record);
  await Promise.all(seen);
  expect(encodings.size).toBeGreaterThan(2);
  for (const [url, encoding] of encodings) expect(`${url} ${encoding}`).toMatch(/ br$/);

  // The icon rides in the page as an SVG data URI (no request of its own); the browser draws it.
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toMatch(/^data:image\/svg\+xml,/);
  const drawn = await page.evaluate(
    (src) =>
      new Promise<number>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(0);
        img.src = src;
      }),
    icon!,
  );
  expect(drawn).toBeGreaterThan(0);

  await expect(page).toHaveTitle('Log in to Soloist');
  await login(page);
  await expect(page).toHaveTitle('Dashboard · Soloist');
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page).toHaveTitle('Clients · Soloist');
  await page.getByLabel('Language').selectOption({ label: 'Українська' });
  await expect(page).toHaveTitle('Клієнти · Soloist');
  await page.context().clearCookies({ name: 'locale' });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the app bar's language picker shows the language's code whole, and its list each name", async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    await login(page);
    const picker = page.locator('header').getByLabel('Language');
    // expect.poll gives up at the first error its function throws: a bar not drawn yet (the dashboard's address
    // comes before its header) or drawn anew reads as no code, and the poll asks again.
    const code = () =>
      page
        .locator('header .language-select')
        .evaluate((el) => getComputedStyle(el, '::after').content, null, { timeout: 1_000 })
        .catch(() => null);
    await expect.poll(code).toBe('"EN"');
    await picker.selectOption({ label: 'Українська' });
    await expect.poll(code).toBe('"УКР"');
    await expect(page.locator('header').getByLabel('Мова').locator('option')).toHaveText(['English', 'Українська']);
    // Nothing in the bar is pushed out of it.
    const bar = await page.locator('header').evaluate((el) => ({ scroll: el.scrollWidth, width: el.clientWidth }));
    expect(bar.scroll).toBeLessThanOrEqual(bar.width);
  });
});
