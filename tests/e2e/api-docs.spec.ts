import { expect, test } from './fixtures';

test('the API docs render in Chromium under the Content-Security-Policy, with no violation', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  const res = await page.goto('/api/docs');
  const csp = res!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  await expect(page.getByRole('heading', { name: /Soloist API/ })).toBeVisible();
  // The operations are listed from the generated OpenAPI document, and one opens.
  const login = page.locator('.opblock-summary-path', { hasText: /^\/api\/login$/ }).first();
  await expect(login).toBeVisible();
  await login.click();
  await expect(page.getByRole('button', { name: 'Try it out' }).first()).toBeVisible();
});
