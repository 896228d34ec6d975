import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp, type TestApp } from '../../helpers/app';
import { bookingOwner } from '../../helpers/booking';

type Texts = Record<string, unknown>;
const root = path.resolve(__dirname, '../../..');
const KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

const at = (texts: Texts, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Texts)[part] : undefined), texts);
/** A key has its text: as written, or in plural forms (`_one`, `_other`). */
const has = (texts: Texts, key: string) =>
  at(texts, key) !== undefined || at(texts, `${key}_other`) !== undefined || at(texts, `${key}_one`) !== undefined;

/**
 * The code drawn on the public pages (the booking steps, the payment's return, the confirmation, the manage page),
 * the wizard and dashboard frames around them, the public layout, the toasts and the confirm dialog.
 */
const CODE = [
  ...fs.readdirSync(path.join(root, 'src/widgets/booking-wizard')).map((f) => `src/widgets/booking-wizard/${f}`),
  'packages/renderer/react/screens/WizardScreen.tsx',
  'src/app/layouts.tsx',
  'src/app/LanguageSelect.tsx',
  'packages/renderer/react/shell/Toasts.tsx',
  'packages/renderer/react/shell/ConfirmDialog.tsx',
];

/** The keys the code names: quoted strings that are keys of `texts`, and prefixes of keys built from a value. */
function keysInCode(texts: Texts): { keys: string[]; prefixes: string[] } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of CODE) {
    const code = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, key] of code.matchAll(/'([^'\n]+)'|"([^"\n]+)"/g))
      if (key && KEY.test(key) && has(texts, key)) keys.add(key);
    for (const [, prefix] of code.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)+)\.\$\{/g)) prefixes.add(prefix);
  }
  return { keys: [...keys], prefixes: [...prefixes] };
}

/** The keys a screen definition names (its title, cards, steps). */
function keysInScreen(def: unknown, texts: Texts, found = new Set<string>()): Set<string> {
  if (typeof def === 'string') {
    if (KEY.test(def) && has(texts, def)) found.add(def);
  } else if (Array.isArray(def)) for (const item of def) keysInScreen(item, texts, found);
  else if (def && typeof def === 'object') for (const item of Object.values(def)) keysInScreen(item, texts, found);
  return found;
}

/**
 * Every public page opened cold (a new tab, the provider's return) carries every text any public page shows: a
 * client goes from one to the next without a touch (the payment's return page moves on to the confirmation by
 * itself), before the rest of the texts are asked for, and a key must never show as itself.
 */
describe('the texts a public page carries when opened cold', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-public-texts-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Soloist</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(web, 'chunks.json'), '{}');
    t = await testApp({ webDir: web });
    await bookingOwner(t.app, 'texts-studio');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it.each(['en', 'uk'])(
    'in %s: each public screen, every key of every public screen and of their code',
    async (lng) => {
      const all = (await t.app.inject({ method: 'GET', url: `/api/v1/ui/locales/${lng}` })).json() as Texts;
      const manifest = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' })).json().data as {
        screens: Array<{ id: string; route: string }>;
        navigation: { areas: Array<{ guard: string; screens: string[] }> };
      };
      const publicIds = manifest.navigation.areas.filter((a) => a.guard === 'anyone').flatMap((a) => a.screens);
      expect(publicIds).toEqual(
        expect.arrayContaining(['booking.wizard', 'booking.callback', 'booking.confirmation', 'booking.manage']),
      );
      const screenKeys = new Set<string>();
      for (const id of publicIds) {
        const def = (await t.app.inject({ method: 'GET', url: `/api/v1/ui/screens/${id}` })).json().data;
        keysInScreen(def, all, screenKeys);
      }
      const { keys, prefixes } = keysInCode(all);
      expect(screenKeys.has('screens.booking.confirmation')).toBe(true);
      expect(keys).toEqual(expect.arrayContaining(['bookingPage.manageBooking', 'wizard.progress']));
      expect(prefixes).toContain('bookingPage.outcome');

      for (const id of publicIds) {
        const route = manifest.screens.find((s) => s.id === id)!.route;
        const url = route.replace(':slug', 'texts-studio').replace(':token', 'a-manage-token');
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'identity', cookie: `locale=${lng}` },
        });
        const block = /<script type="application\/json" id="soloist-preload">(.*?)<\/script>/s.exec(res.body);
        const carried = (JSON.parse(block![1]) as Record<string, { body: Texts }>)[`/api/v1/ui/locales/${lng}?first`]
          .body;
        const missing = [
          ...[...screenKeys, ...keys].filter((k) => !has(carried, k)),
          ...prefixes.filter((p) => typeof at(carried, p) !== 'object'),
        ];
        expect({ url, missing }).toEqual({ url, missing: [] });
      }
    },
  );
});
