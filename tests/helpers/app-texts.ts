import i18next from 'i18next';
import en from '../../src/locales/en.json';
import uk from '../../src/locales/uk.json';

/**
 * The app's own texts through a real i18next (plurals, `defaultValue`, formatters), as the browser has them: for
 * tests that read what a screen says rather than its keys.
 */
export function appTexts(lng: 'en' | 'uk' = 'en'): (key: string, options?: Record<string, unknown>) => string {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, uk: { translation: uk } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18n.services.formatter?.add('lowercase', (value: unknown) => String(value).toLowerCase());
  return (key, options) => String(i18n.t(key, options as never));
}
