import { expect, login, test } from './fixtures';

/**
 * On a phone, in both languages, an owner's screens fit the screen: nothing pushes the page sideways (a long
 * email in a client's header, the Ukrainian paging labels), and the paging arrows stay on screen.
 */
for (const locale of ['en', 'uk'] as const) {
  test(`on a phone in ${locale}, the client page, lists and the class page fit the screen`, async ({
    page,
    context,
    cspViolations,
  }) => {
    void cspViolations;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await context.addCookies([{ name: 'locale', value: locale, url: page.url() }]);
    const clients = (await (await page.request.get('/api/v1/clients?per_page=5&sort=id')).json()).data as Array<{
      id: number;
    }>;
    const classes = (await (await page.request.get('/api/v1/classes?per_page=5')).json()).data as Array<{ id: number }>;
    for (const path of [
      `/clients/${clients[0].id}`,
      '/clients/list',
      '/appointments/services/list',
      `/appointments/classes/${classes[0].id}`,
    ]) {
      await page.goto(path);
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect([path, width]).toEqual([path, 390]);
    }
    await page.goto('/clients/list');
    const next = page.getByRole('button', { name: locale === 'uk' ? /наступн/i : /next/i }).last();
    await expect(next).toBeVisible();
    const box = (await next.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
}

test("on a phone the client page's payments show each amount, in money, in view", async ({ page, cspViolations }) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  const payments = (await (await page.request.get('/api/v1/payments')).json()).data as Array<{
    client: { id: number } | null;
  }>;
  const paid = payments.find((p) => p.client)!;
  await page.goto(`/clients/${paid.client!.id}`);
  const list = page.getByRole('list', { name: 'Payments' });
  const card = list.getByRole('listitem').first();
  await card.scrollIntoViewIfNeeded();
  const amount = card.getByRole('definition').filter({ hasText: /£\d/ }).first();
  await expect(amount).toBeInViewport();
  const box = (await amount.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
