import { formatMoney } from '@soloist/renderer/core';
import type { CallAnswer } from '../../domain/calls';
import { dateInWords } from '../../domain/dates-in-words';

/** One record the quick search found (GET /api/v1/search). */
export type Found = CallAnswer<'search.quick'>['data'][number];

/** A result's second line: its detail, its date in words (and time), and its money with the currency. */
export function secondLine(found: Found, locale: string): string {
  const when = found.date ? [dateInWords(found.date, locale, { weekday: 'short', month: 'short' }), found.time] : [];
  const money = found.amount !== null ? formatMoney(found.amount, locale, found.currency ?? undefined) : null;
  return [found.detail, when.filter(Boolean).join(' '), money].filter(Boolean).join(' · ');
}

/** Fewer characters than this are not searched (the server finds nothing for them either). */
export const SHORTEST = 2;
/** Typing pauses this long before the search is sent. */
export const DEBOUNCE_MS = 250;

/** Whether a key press is typing into something: then `/` is a character, not the search's shortcut. */
export const typingIn = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
