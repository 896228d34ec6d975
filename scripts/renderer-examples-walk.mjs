// What scripts/renderer-examples.mjs does with a built example: serve it as a static host would (gzip, every unknown
// address answered with index.html), and use it in Chromium as a person would.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** Serves `dist` on a free loopback port, gzipped; `sentBytes(file)` is what was sent for it. */
export async function serveStatic(dist) {
  const sent = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost').pathname;
    const file = existsSync(path.join(dist, url)) && path.extname(url) ? url : '/index.html';
    const body = gzipSync(readFileSync(path.join(dist, file)));
    sent.set(file, body.length);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Encoding': 'gzip',
      'Cache-Control': 'no-store',
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    sentBytes: (file) => sent.get(file) ?? 0,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Opens the example's tasks, which sends it to the list; reads the list; adds a task through the form; tries to save
 * one without a title. `under` is where the host mounts the screens (their addresses carry it); `signIn`, the button
 * of the host's sign-in its guard sends a visitor to first — then the host's links and the browser's back are used
 * across the host's pages and the screens. Returns what went wrong, in words, and the files the list route fetched.
 */
export async function useExample(base, { under = '', signIn } = {}) {
  const problems = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    const expect = async (what, run) => {
      try {
        await run();
      } catch (e) {
        problems.push(`${what}: ${String(e.message).split('\n')[0]}`);
        // EXAMPLES_DEBUG=<folder>: what the page showed when a step failed.
        if (process.env.EXAMPLES_DEBUG)
          await page.screenshot({
            path: path.join(process.env.EXAMPLES_DEBUG, `${problems.length}.png`),
            fullPage: true,
          });
      }
    };
    const list = `${base}${under}/tasks`;
    await page.goto(`${base}${under}/`);
    if (signIn) {
      await expect('the host’s guard sends a visitor to sign in', () =>
        page.waitForURL(`${base}/login`, { timeout: 15_000 }),
      );
      await expect('signed in, the visitor is back where they were going', async () => {
        await page.getByRole('button', { name: signIn }).click();
        await page.getByRole('link', { name: 'Home' }).waitFor({ timeout: 15_000 });
      });
    }
    await expect(`the list opens at ${under}/tasks`, () => page.waitForURL(list, { timeout: 15_000 }));
    await expect('the list shows its title', () =>
      page.getByRole('heading', { name: 'Tasks' }).waitFor({ timeout: 15_000 }),
    );
    await expect('the list shows the provider’s tasks', () =>
      page.getByText('Renew the studio lease').first().waitFor({ timeout: 15_000 }),
    );
    await page.waitForLoadState('networkidle');
    // A text key shown as itself (`list.no`) is a word the example's texts lack.
    const keysShown = async (where) => {
      const shown = (await page.innerText('body')).match(
        /\b(actions|app|detail|fields|form|list|tour|validation)\.[\w.]+/g,
      );
      if (shown) problems.push(`${where} shows text keys: ${[...new Set(shown)].join(', ')}`);
    };
    const listRoute = [...new Set(fetched.filter((f) => /\.(js|css)$/.test(f)))];

    await keysShown('the list');
    await expect('New task opens the form', async () => {
      await page.getByRole('button', { name: 'New task' }).click();
      await page.waitForURL(`${base}${under}/tasks/form`, { timeout: 15_000 });
      await page.getByLabel('Title').waitFor({ timeout: 15_000 });
    });
    await expect('a save without a title is refused in words', async () => {
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The title field is required.').first().waitFor({ timeout: 10_000 });
    });
    await expect('a task added through the form is listed', async () => {
      await page.getByLabel('Title').fill('Buy more shampoo');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(list, { timeout: 10_000 });
      await page.getByText('Buy more shampoo').first().waitFor({ timeout: 10_000 });
    });
    if (signIn) {
      await expect('the host’s link leaves the screens, and back returns to the list as it was', async () => {
        await page.getByRole('link', { name: 'Home' }).click();
        await page.getByRole('heading', { name: 'Welcome to Acme Studio' }).waitFor({ timeout: 10_000 });
        await page.goBack();
        await page.waitForURL(list, { timeout: 10_000 });
        await page.getByText('Buy more shampoo').first().waitFor({ timeout: 10_000 });
      });
      await expect('in the table, a row opens its task at the host’s address', async () => {
        await page.getByRole('button', { name: 'Table' }).click();
        await keysShown('the table');
        await page.getByRole('cell', { name: 'Buy more shampoo' }).click();
        await page.waitForURL(new RegExp(`^${base}${under}/tasks/form/\\w+$`), { timeout: 10_000 });
        await page.getByLabel('Title').waitFor({ timeout: 10_000 });
        const title = await page.getByLabel('Title').inputValue();
        if (title !== 'Buy more shampoo') throw new Error(`the form shows «${title}»`);
      });
      await expect('signed out, the screens are behind the host’s guard again', async () => {
        await page.getByRole('button', { name: /^Sign out/ }).click();
        await page.waitForURL(`${base}/login`, { timeout: 10_000 });
      });
    }
    return { problems, listRoute };
  } finally {
    await browser.close();
  }
}

/**
 * The README's quick start, built: the list at /tasks shows its one task, and a task added through the form (its
 * texts are their keys there) is listed.
 */
export async function useQuickStart(base) {
  const problems = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    try {
      await page.goto(`${base}/`);
      await page.getByRole('heading', { name: 'Tasks' }).waitFor({ timeout: 15_000 });
      await page.getByText('Try the renderer').first().waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'New task' }).click();
      await page.locator('#root_title').fill('Read the README');
      await page.getByRole('button', { name: 'actions.save' }).click();
      await page.getByText('Read the README').first().waitFor({ timeout: 10_000 });
    } catch (e) {
      problems.push(String(e.message).split('\n')[0]);
    }
    return { problems };
  } finally {
    await browser.close();
  }
}
