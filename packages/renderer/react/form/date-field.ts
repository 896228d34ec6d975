import { useEffect, useState, type ChangeEvent } from 'react';
import { dateOrder, dateText, maskDate, parseDateText } from '../../core/date-text.js';

type T = (key: string, options?: Record<string, unknown>) => string;

/** "dd/mm/yyyy", "дд.мм.рррр": the locale's order, in the reader's letters. */
export function datePattern(locale: string, t: T): string {
  const { parts, separator } = dateOrder(locale);
  return parts.map((p) => t(`form.date.pattern.${p}`)).join(separator);
}

/**
 * A date's text as typed, in the locale's order, and what the form holds: the ISO date once the text names a real
 * day, nothing when it is empty, and the text itself while it is not a date (so that the form refuses it, rather
 * than keep the last good date unseen).
 */
export function useDateText(value: unknown, onChange: (next: string | undefined) => void, locale: string) {
  const [text, setText] = useState(() => dateText(value, locale));
  // A value set from outside (loaded, reset, picked) shows as the locale writes it.
  useEffect(() => {
    const shown = parseDateText(text, locale) ?? (text || undefined);
    if ((value ?? undefined) !== shown) setText(dateText(value, locale));
  }, [value, locale]);
  return {
    text,
    change(e: ChangeEvent<HTMLInputElement>) {
      const next = maskDate(e.target.value, locale);
      setText(next);
      onChange(next === '' ? undefined : (parseDateText(next, locale) ?? next));
    },
    pick(iso: string) {
      setText(dateText(iso, locale));
      onChange(iso);
    },
  };
}
