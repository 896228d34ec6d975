import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { settle } from './sweep';

// What the offline spec reads of a page: the screen's text, its write controls, the worker's kept answers.

/** The main area's text without the banners above the screen: what the screen itself shows. */
export function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
    main.querySelectorAll('[data-testid="offline-banner"], .MuiAlert-root').forEach((n) => n.remove());
    return (main.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** Where two texts part: a little before the first character they differ at, and what each shows from there. */
export function difference(offline: string, online: string): string {
  let at = 0;
  while (at < offline.length && offline[at] === online[at]) at += 1;
  const from = Math.max(0, at - 60);
  return `offline «…${offline.slice(from, at + 140)}», online «…${online.slice(from, at + 140)}»`;
}

/** Controls in the main area that would write and are not disabled: form fields and submits. */
export function enabledWriteControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLInputElement | HTMLButtonElement>(
        'main form input:not([type=hidden]):not([hidden]), main form textarea, main button[type=submit]',
      ),
    ]
      // `:disabled` counts a control inside a disabled fieldset too.
      .filter((el) => !el.matches(':disabled') && el.getAttribute('aria-disabled') !== 'true')
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

/** Every kept answer: the caches' names and, per entry, its URL and body. */
export function keptAnswers(page: Page): Promise<Array<{ cache: string; url: string; body: string }>> {
  return page.evaluate(async () => {
    const out: Array<{ cache: string; url: string; body: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const res = await cache.match(request);
        const type = res?.headers.get('content-type') ?? '';
        out.push({ cache: name, url: request.url, body: type.includes('json') ? await res!.text() : '' });
      }
    }
    return out;
  });
}

/**
 * Settles a screen, opened once more if it drew no heading. In CI runs on a saturated machine a screen drew no heading
 * within the wait, once online (stop of the run before) and once offline (/refer-a-friend), and neither failed again
 * alone or under load; so what it showed, and which of its answers were kept, are written into the report and the
 * log (where a CI run's report is read), and the screen is opened again — a second failure fails the test.
 */
export async function settleOrReopen(page: Page, address: string, phase: 'online' | 'offline'): Promise<void> {
  try {
    await settle(page);
  } catch (error) {
    const kept = (await keptAnswers(page)).map((entry) => entry.url).filter((url) => url.includes(address));
    const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400));
    const description = `${address} drew no heading ${phase} (${String(error).split('\n')[0]}); it showed «${shown}»; kept: ${kept.join(', ') || 'none'}`;
    test.info().annotations.push({ type: `reopened ${phase}`, description });
    console.warn(`reopened ${phase}: ${description}`);
    await page.goto(address);
    await settle(page);
  }
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
}
