import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { plainTextProblem } from '../../packages/renderer/core/overlay';
import { XSS_PAYLOADS } from '../helpers/xss-payloads';
import { expect, login, test } from './fixtures';

/**
 * What admins write into screens cannot run in anyone's browser: every script-injection payload the overlay accepts
 * (tests/helpers/xss-payloads.ts; the API test shows the rest refused) is published as column names, field help and
 * menu names, and an owner's Chromium, under the production Content-Security-Policy, shows each as the very text
 * written — no dialog opens, no policy violation is reported (the fixture fails the test on one).
 */

// Columns with a name in their head (a picture's column has none).
const columns = (
  JSON.parse(fs.readFileSync('schemas/screens/clients/list.json', 'utf8')) as {
    columns: Array<{ field: string; type?: string }>;
  }
).columns
  .filter((c) => c.type !== 'image')
  .map((c) => `columns[field=${c.field}]`);
const fields = (JSON.parse(fs.readFileSync('schemas/screens/clients/form.json', 'utf8')) as { fields: string[] }).fields
  .filter((f) => typeof f === 'string')
  .map((f) => `fields[${f}]`);
const menus = ['/dashboard', '/clients/list'].map((route) => `menu[route=${route}]`);

/** Calls the admin API as the signed-in page: CSRF token, and If-Match from the draft as read. */
async function publish(page: Page, changes: unknown[], note: string): Promise<void> {
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const read = await page.request.get('/api/v1/admin/ui/draft');
  const saved = await page.request.put('/api/v1/admin/ui/draft', {
    headers: { 'x-xsrf-token': xsrf, 'if-match': read.headers().etag },
    data: { changes },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await page.request.post('/api/v1/admin/ui/publish', {
    headers: { 'x-xsrf-token': xsrf, 'if-match': saved.headers().etag },
    data: { note },
  });
  expect(published.status(), await published.text()).toBe(200);
}

test('every accepted payload in a label, a help text and a menu name shows as text and never runs', async ({
  newContext,
  page,
  cspViolations,
}) => {
  void cspViolations;
  test.setTimeout(300_000);
  const accepted = XSS_PAYLOADS.filter((p) => plainTextProblem({ en: p }) === null);
  expect(accepted.length).toBeGreaterThan(100);
  await login(page, 'admin@demo.test');

  const owner = await newContext({ serviceWorkers: 'block' });
  const ownerPage = await owner.newPage();
  const ran: string[] = [];
  ownerPage.on('dialog', (d) => {
    ran.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  ownerPage.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) ran.push(m.text());
  });
  await login(ownerPage);

  const slots = columns.length + fields.length + menus.length;
  const missing: string[] = [];
  try {
    for (let start = 0; start < accepted.length; start += slots) {
      const batch = accepted.slice(start, start + slots);
      const text = (i: number) => ({ en: batch[i], uk: batch[i] });
      const changes = batch.map((_, i) => {
        if (i < columns.length) return { op: 'set-label', screen: 'clients.list', target: columns[i], value: text(i) };
        if (i < columns.length + fields.length)
          return { op: 'set-help', screen: 'clients.form', target: fields[i - columns.length], value: text(i) };
        return {
          op: 'rename-menu',
          area: 'business',
          target: menus[i - columns.length - fields.length],
          value: text(i),
        };
      });
      await publish(page, changes, `Payloads ${start + 1}–${start + batch.length}`);
      for (const [route, from, to] of [
        ['/clients/list', 0, columns.length],
        ['/clients/form', columns.length, columns.length + fields.length],
      ] as const) {
        await ownerPage.goto(route);
        await expect(ownerPage.locator('main h1')).toBeVisible();
        // The columns' names head the table view (the list view shows each client as a card).
        if (route === '/clients/list') {
          await ownerPage.getByRole('button', { name: 'Table' }).click();
          await expect(ownerPage.locator('main table thead')).toBeVisible();
        } else await expect(ownerPage.locator('main form label').first()).toBeVisible();
        await ownerPage.waitForLoadState('networkidle');
        const shown = await ownerPage.evaluate(() => document.body.textContent ?? '');
        const expected = [...batch.slice(from, to), ...batch.slice(columns.length + fields.length)];
        for (const payload of expected)
          if (!shown.includes(payload)) missing.push(`${route}: ${JSON.stringify(payload)}`);
      }
    }
  } finally {
    await publish(page, [], 'Back to the screens as shipped');
    await owner.close();
  }
  expect(ran).toEqual([]);
  expect(missing).toEqual([]);
});
