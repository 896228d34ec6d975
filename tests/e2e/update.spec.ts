import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

/**
 * Updates never break an open tab (spec §2, §8): a tab open on one build, while a second build is deployed in place
 * of the first, picks the new build up when it comes back into focus, reloads onto it exactly once — never while
 * offline, never over a form typed into without the person's word — and meanwhile keeps loading its own build's code
 * (the worker serves it, though the server no longer has it): no chunk error reaches the person.
 *
 * The server is this spec's own, on a copy of the production build, so the deploy can replace its files.
 */

const PORT = 3230;
const BASE = `http://127.0.0.1:${PORT}`;
test.use({ serviceWorkers: 'allow', baseURL: BASE });

let server: ChildProcess | undefined;
let root = '';
let web = '';

/** Starts the server on the build in `web` (with the data kept between starts); resolves once it answers. */
async function start(): Promise<void> {
  server = spawn(process.execPath, ['dist/server/dev/start.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE,
      DATABASE_URL: `sqlite:${path.join(root, 'soloist.db')}`,
      UPLOADS_DIR: path.join(root, 'uploads'),
      WEB_DIR: web,
      LOCAL_STRIPE_PORT: String(PORT + 1),
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE}/api/v1/ui/manifest`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 240_000 },
    )
    .toBe(true);
}

async function stop(): Promise<void> {
  const running = server;
  if (!running || running.exitCode !== null) return;
  await new Promise((resolve) => {
    running.once('exit', resolve);
    running.kill();
  });
}

test.beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-update-'));
  web = path.join(root, 'web');
  fs.cpSync(path.join('dist', 'web'), web, { recursive: true });
  await start();
});

test.afterAll(async () => {
  await stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Removes a file the build served and its compressed twins. */
function remove(file: string): void {
  for (const twin of ['', '.br', '.gz']) fs.rmSync(path.join(web, file + twin), { force: true });
}

/**
 * Deploys "build 2" as a release is deployed: the server stops, the build's files are replaced, the server starts
 * on them. Build 2 has a new version file, a new service worker, and the calendar's own chunk gone from the server
 * and from the new worker's list, as when a build renames it. (Build 2 is build 1's code otherwise: what is tested
 * is the move between builds, which does not depend on what the code does.) Answers the chunk removed.
 */
async function deployBuild2(): Promise<string> {
  await stop();
  const chunks = JSON.parse(fs.readFileSync(path.join(web, 'chunks.json'), 'utf8')) as Record<string, string[]>;
  const calendar = chunks['widget-calendar'].find((f) => path.basename(f).startsWith('widget-calendar.'));
  if (!calendar) throw new Error('the build has no chunk of its own for the calendar');
  let worker = fs.readFileSync(path.join(web, 'sw.js'), 'utf8');
  const entry = `{'revision':null,'url':'/${calendar}'},`;
  if (!worker.includes(entry)) throw new Error(`the worker's precache list has no ${entry}`);
  worker = `${worker.replace(entry, '')}\n// build 2\n`;
  remove('sw.js');
  remove(calendar);
  fs.writeFileSync(path.join(web, 'sw.js'), worker);
  remove('version.json');
  fs.writeFileSync(path.join(web, 'version.json'), JSON.stringify({ hash: 'build-2' }));
  await start();
  return calendar;
}

/** The worker of this origin that waits to take over, if any. */
function waiting(page: Page): Promise<boolean> {
  return page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
}

/** The tab comes back into view: what the version check listens for. */
function focus(page: Page): Promise<void> {
  return page.evaluate(() => void window.dispatchEvent(new Event('focus')));
}

test('a tab on build 1 gets build 2 on focus and reloads once: not over a typed form, not offline, no chunk error', async ({
  page,
  context,
  cspViolations,
}) => {
  void cspViolations;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /chunk|Loading CSS/i.test(m.text())) errors.push(m.text());
  });
  // Each time a document loads in this tab, counted across reloads.
  await page.addInitScript(() => {
    const loads = Number(sessionStorage.getItem('loads') ?? 0) + 1;
    sessionStorage.setItem('loads', String(loads));
  });
  // (Read while a reload may be under way: then it is not known yet, and asked again.)
  const loads = () => page.evaluate(() => Number(sessionStorage.getItem('loads'))).catch(() => -1);

  await login(page);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 60_000 });
  // The new-client form, with the version of build 1 read when it opened.
  const firstCheck = page.waitForResponse((r) => r.url().endsWith('/version.json'));
  await page.goto('/clients/form');
  await firstCheck;
  await page.getByLabel('First name').fill('Unsaved');
  const before = await loads();

  const calendar = await deployBuild2();
  await focus(page);
  // Build 2's worker installs and waits; the typed form means the person is asked first. "Later" keeps the tab.
  const ask = page.getByRole('dialog').filter({ hasText: 'A new version of Soloist is ready' });
  await expect(ask).toBeVisible({ timeout: 60_000 });
  expect(await waiting(page)).toBe(true);
  await ask.getByRole('button', { name: 'Later' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByLabel('First name')).toHaveValue('Unsaved');
  expect(await loads()).toBe(before);

  // Still on build 1: the calendar's code, gone from the server, comes from the worker that serves this tab.
  const fromServer = await page.request.get(`/${calendar}`);
  expect(fromServer.status()).toBe(404);
  await page.getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  await expect(page.getByText('This part of the app could not be loaded')).toHaveCount(0);
  // (Build 2 has no calendar under that name: the tab goes on to the dashboard, which both builds share.)
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Offline, nothing reloads, whatever the tab is told.
  await context.setOffline(true);
  const warning = page.getByRole('dialog', { name: 'NO INTERNET CONNECTION' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'OK' }).click();
  await focus(page);
  await page.waitForTimeout(2_000);
  expect(await loads()).toBe(before);
  expect(await waiting(page)).toBe(true);

  // Back online, with no typed form open: the tab moves onto build 2 once, and stays where it was.
  await context.setOffline(false);
  await expect.poll(loads, { timeout: 60_000 }).toBe(before + 1);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await waiting(page)).toBe(false);
  const version = await page.evaluate(() => fetch('/version.json', { cache: 'no-store' }).then((r) => r.json()));
  expect(version).toEqual({ hash: 'build-2' });
  await focus(page);
  await page.waitForTimeout(2_000);
  expect(await loads()).toBe(before + 1);
  expect(errors).toEqual([]);
});
