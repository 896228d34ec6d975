import { formatMoney } from '@soloist/renderer';

/** What the money screens read from the payments and sales routes (spec §3), as far as they draw it. */

export interface ClientRef {
  id: number;
  first_name: string;
  last_name: string | null;
}

/**
 * An appointment, a seat in a class session (`kind` class: `id` is the seat's, `service` the class), or at the
 * checkout the rest of an earlier sale (`kind` sale: `service` says what it sold).
 */
export interface Owing {
  id: number;
  kind: 'appointment' | 'class' | 'sale';
  date: string;
  start_time: string | null;
  service: string | null;
  clients: ClientRef[];
  price: number;
  /** What is left to pay. */
  amount: number;
  payment_status: string;
}

export interface Page<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** A date in words in the reader's language: "23 November 2026". */
export function dayInWords(date: string, locale: string): string {
  const d = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString(locale, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
}

export const clientName = (c: ClientRef | null | undefined): string =>
  c ? `${c.first_name} ${c.last_name ?? ''}`.trim() : '';

/** Money in the owner's currency and the reader's language. */
export const moneyIn =
  (locale: string, currency: string) =>
  (minor: number): string =>
    formatMoney(minor, locale, currency);

/** The owner's currency as the host gives it to every screen. */
export const currencyFrom = (formContext: Record<string, unknown>): string => String(formContext.currency ?? 'GBP');
