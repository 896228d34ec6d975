import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from './i18n';
import { useShell } from './shell-context';

/**
 * The language picker: the browser's own select (a phone shows its native list), styled like the app's outlined
 * fields. Light on purpose: it sits on the login and booking pages, which load nothing they do not show. In the app
 * bar on a phone, where "Українська" has no room, the closed picker shows the language's code (`data-code`, drawn by
 * app.css over the select); its list still names each language in full.
 */
export function LanguageSelect({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const { locale, setLocale } = useShell();
  const id = useId();
  return (
    <span
      className={dark ? 'language-select language-select--dark' : 'language-select'}
      data-code={t(`locales.codes.${locale}`)}
    >
      <label htmlFor={id}>{t('app.language')}</label>
      <select id={id} value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`locales.${l}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
