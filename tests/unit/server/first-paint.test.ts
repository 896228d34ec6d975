import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { firstPainter } from '../../../src/server/plugins/first-paint';
import type { FirstScreen } from '../../../src/server/plugins/first-screen';

/**
 * The web plugin's first paint of a guest's page: what it keeps and for which page. The build's Node bundle is stood
 * in for by a module that writes what it was asked and counts its renders; the real bundle is driven by the e2e
 * tests (first-paint.spec.ts).
 */

const logged: unknown[] = [];
const log = { warn: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;

function bundle(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-paint-'));
  fs.writeFileSync(path.join(dir, 'first-paint.cjs'), source);
  return dir;
}

const page = (locale: string, texts: string): FirstScreen => ({
  locale,
  preloaded: { [`/api/v1/ui/locales/${locale}?first`]: { status: 200, body: { title: texts } } },
  scripts: [],
  fetches: [],
  styles: [],
  modules: [],
  paint: true,
});

const COUNTING = `let renders = 0;
exports.firstPaint = async (url, preloaded, locale) =>
  \`<h1>\${locale} \${url} \${JSON.stringify(preloaded)} #\${++renders}</h1>\`;`;

test('no bundle, no paint: the browser draws the page', async () => {
  const paint = firstPainter(path.join(os.tmpdir(), 'no-such-render-dir'), log);
  expect(await paint('/login', page('en', 'Log in'))).toBeNull();
});

test('a page is painted once per address, language and carried answers, each its own', async () => {
  const paint = firstPainter(bundle(COUNTING), log);
  const first = await paint('/login', page('en', 'Log in'));
  expect(first).toContain('en /login');
  expect(first).toContain('#1');
  // The same page again: kept, not rendered again.
  expect(await paint('/login', page('en', 'Log in'))).toBe(first);
  // Another language, another address, other answers (a published text): each painted afresh, never another's.
  const uk = await paint('/login', page('uk', 'Вхід'));
  expect(uk).toContain('uk /login');
  expect(uk).toContain('Вхід');
  expect(await paint('/login', { ...page('en', 'Log in'), locale: 'uk' })).toContain('uk /login');
  expect(await paint('/register', page('en', 'Log in'))).toContain('en /register');
  expect(await paint('/login', page('en', 'Sign in'))).toContain('Sign in');
  expect(await paint('/login', page('en', 'Log in'))).toBe(first);
});

test('no more than 64 pages are kept: the least recently asked goes first', async () => {
  const paint = firstPainter(bundle(COUNTING), log);
  const kept = await paint('/login', page('en', 'Log in'));
  for (let i = 0; i < 64; i++) {
    await paint(`/reset-password/${i}`, page('en', 'Reset'));
    // /login asked again halfway: it stays while older addresses go.
    if (i === 32) expect(await paint('/login', page('en', 'Log in'))).toBe(kept);
  }
  expect(await paint('/login', page('en', 'Log in'))).toBe(kept);
  expect(await paint('/reset-password/0', page('en', 'Reset'))).not.toContain('#2<');
  expect(await paint('/reset-password/0', page('en', 'Reset'))).toMatch(/#\d{2}</);
});

test('a render that fails leaves the page to the browser and is said in the log', async () => {
  logged.length = 0;
  const paint = firstPainter(bundle(`exports.firstPaint = async () => { throw new Error('no texts'); };`), log);
  expect(await paint('/login', page('en', 'Log in'))).toBeNull();
  expect(JSON.stringify(logged)).toContain('first paint failed');
});
