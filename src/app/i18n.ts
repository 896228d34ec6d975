import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Preloaded } from '@soloist/renderer';

export const LOCALES = ['en', 'uk'] as const;
export type Locale = (typeof LOCALES)[number];
const COOKIE = 'locale';
/**
 * The locale dates, times and money are written in (Intl): British English for en (day before month, 24-hour
 * clock), Ukrainian (24-hour) for uk — one clock per locale everywhere.
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', uk: 'uk' };

/** The locale lives in a cookie (spec §7) and is sent to the API as the X-Locale header. */
export function currentLocale(): Locale {
  // The server's first paint of a guest page: the language it set up the texts in.
  if (typeof document === 'undefined') return i18next.language as Locale;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  const value = match?.slice(COOKIE.length + 1);
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'en';
}

/**
 * Loads the texts from the server (GET /api/v1/ui/locales/:lng), like the schemas, so a label added with a
 * schema needs no rebuild of the app. The page usually carries them already (`preloaded`): then no request. A
 * guest's page carries only its first screen's texts (`…/locales/:lng?first`): the rest follow on the visitor's
 * first touch or key press, before anything that needs them can show.
 */
export async function initI18n(preloaded: Preloaded = {}): Promise<typeof i18next> {
  const lng = currentLocale();
  const url = `/api/v1/ui/locales/${lng}`;
  const carriedUrl = [url, `${url}?first`].find((u) => preloaded[u]?.status === 200);
  const texts = carriedUrl
    ? preloaded[carriedUrl].body
    : await fetch(url, { credentials: 'include' }).then((r) => r.json());
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { [lng]: { translation: texts } },
    interpolation: { escapeValue: false },
    react: { bindI18nStore: 'added' }, // screens re-render when the rest of the texts arrive
  });
  i18next.services.formatter?.add('lowercase', (value: unknown) => String(value).toLowerCase());
  document.documentElement.lang = lng;
  if (carriedUrl && carriedUrl !== url) onFirstInput(() => void completeTexts(lng));
  return i18next;
}

/** Runs `then` once, on the first pointer press or key press anywhere on the page. */
function onFirstInput(then: () => void): void {
  const events = ['pointerdown', 'keydown'] as const;
  const once = () => {
    for (const e of events) window.removeEventListener(e, once, true);
    then();
  };
  for (const e of events) window.addEventListener(e, once, { capture: true, passive: true });
}

/** All of a language's texts, added to what the page carried. */
async function completeTexts(lng: Locale): Promise<void> {
  const texts = await fetch(`/api/v1/ui/locales/${lng}`, { credentials: 'include' }).then((r) => r.json());
  i18next.addResourceBundle(lng, 'translation', texts, true, true);
}

/** Reads the texts again, each language loaded (an admin published new screens, whose labels are texts). */
export async function reloadTexts(): Promise<void> {
  const loaded = LOCALES.filter((lng) => i18next.hasResourceBundle(lng, 'translation'));
  const read = await Promise.all(
    loaded.map((lng) => fetch(`/api/v1/ui/locales/${lng}`, { credentials: 'include' }).then((r) => r.json())),
  );
  loaded.forEach((lng, i) => i18next.addResourceBundle(lng, 'translation', read[i], true, true));
}

export async function changeLocale(lng: Locale): Promise<void> {
  document.cookie = `${COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
  if (!i18next.hasResourceBundle(lng, 'translation')) {
    const texts = await fetch(`/api/v1/ui/locales/${lng}`, { credentials: 'include' }).then((r) => r.json());
    i18next.addResourceBundle(lng, 'translation', texts);
  }
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
}
