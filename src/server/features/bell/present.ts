import type { TFunction } from 'i18next';
import { formatMoney } from '@soloist/renderer/core';
import { dayInWords } from '../../../domain/dates-in-words';
import type { NotificationRow } from './notifications';

/**
 * A notification as the owner reads it: its text in the request's language (the owner's), a day in words and an
 * amount in its currency written for that language.
 */
export function presentNotification(t: TFunction, locale: string, n: NotificationRow) {
  const v = n.values;
  const values: Record<string, string | number> = { ...v };
  if (typeof v.date === 'string') values.date = dayInWords(locale, v.date);
  if (typeof v.amount === 'number') values.amount = formatMoney(v.amount, locale, String(v.currency ?? ''));
  return {
    id: n.id,
    kind: n.kind,
    text: t(`bell.kinds.${n.kind}`, values),
    link: n.link,
    created_at: n.created_at,
  };
}
