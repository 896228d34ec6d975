import { useCallback, useState } from 'react';
import { changeLocale, currentLocale, type Locale } from './i18n';

/**
 * The language shown, and a change of it: its texts loaded and the choice kept (`changeLocale`), then `afterwards`
 * (the app reads every cached answer again, so the words the server wrote, a status or a notice, follow it).
 * @example
 * const [locale, setLocale] = useLocale(reread);
 */
export function useLocale(afterwards: () => unknown): [Locale, (l: Locale) => void] {
  const [locale, setLocaleState] = useState<Locale>(currentLocale());
  const setLocale = useCallback(
    (l: Locale) =>
      void changeLocale(l)
        .then(() => setLocaleState(l))
        .then(afterwards),
    [afterwards],
  );
  return [locale, setLocale];
}
