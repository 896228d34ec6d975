import fs from 'node:fs';
import path from 'node:path';
import { dateInWords } from '../../domain/dates-in-words';
import i18next, { type TFunction } from 'i18next';

export const LOCALES = ['en', 'uk'] as const;
export type Locale = (typeof LOCALES)[number];

export interface I18n {
  texts: Record<Locale, Record<string, unknown>>;
  translator(locale: Locale): TFunction;
}

/**
 * The server's i18next, with the texts the browser gets. Read from src/locales at start, like the schemas,
 * so a label added for an edited schema is served after a restart without a rebuild.
 */
export function createI18n(localesDir: string): I18n {
  const texts = Object.fromEntries(
    LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(localesDir, `${l}.json`), 'utf8'))]),
  ) as I18n['texts'];
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: texts[l] }])),
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  instance.services.formatter?.add('lowercase', (value: unknown) => String(value).toLowerCase());
  // `{{from, date}}`: a calendar date (YYYY-MM-DD) in words, in the message's language ("1 June 2027").
  instance.services.formatter?.add('date', (value: unknown, lng: string | undefined) =>
    dateInWords(String(value), lng === 'uk' ? 'uk' : 'en-GB'),
  );
  const fixed = new Map<Locale, TFunction>(LOCALES.map((l) => [l, instance.getFixedT(l)]));
  return { texts, translator: (locale) => fixed.get(locale)! };
}

/** The locale a request asked for: the X-Locale header (the app sends its cookie's value), else English. */
export function pickLocale(header: unknown): Locale {
  const value = typeof header === 'string' ? header.slice(0, 2).toLowerCase() : '';
  return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';
}
