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
 * Opens the example at `/`, which sends it to the tasks; reads the list; adds a task through the form; tries to save
 * one without a title. Returns what went wrong, in words, and the files the list route fetched.
 */
export async function useExample(base) {
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
      }
    };
    await page.goto(`${base}/`);
    await expect('the list opens at /tasks', () => page.waitForURL(`${base}/tasks`, { timeout: 15_000 }));
    await expect('the list shows its title', () =>
      page.getByRole('heading', { name: 'Tasks' }).waitFor({ timeout: 15_000 }),
    );
    await expect('the list shows the provider’s tasks', () =>
      page.getByText('Renew the studio lease').first().waitFor({ timeout: 15_000 }),
    );
    await page.waitForLoadState('networkidle');
    const listRoute = [...new Set(fetched.filter((f) => /\.(js|css)$/.test(f)))];

    await expect('New task opens the form', async () => {
      await page.getByRole('button', { name: 'New task' }).click();
      await page.getByLabel('Title').waitFor({ timeout: 15_000 });
    });
    await expect('a save without a title is refused in words', async () => {
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The title field is required.').first().waitFor({ timeout: 10_000 });
    });
    await expect('a task added through the form is listed', async () => {
      await page.getByLabel('Title').fill('Buy more shampoo');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(`${base}/tasks`, { timeout: 10_000 });
      await page.getByText('Buy more shampoo').first().waitFor({ timeout: 10_000 });
    });
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
