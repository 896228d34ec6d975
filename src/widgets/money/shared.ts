import { formatMoney } from '../../../renderer';
import { addDays, todayIn } from '../../domain/dates';

/** What the money screens read from the payments and sales routes (spec §3), as far as they draw it. */

export interface ClientRef {
  id: number;
  first_name: string;
  last_name: string | null;
}

export interface Refund {
  id: number;
  amount: number;
  date: string;
  reason: string | null;
}

export interface Payment {
  id: number;
  type: string;
  method: string;
  amount: number;
  currency: string;
  date: string;
  appointment_id: number | null;
  checkout_id: number | null;
  sale_id?: number | null;
  /** Taken online: refunded through its provider. */
  online?: boolean;
  /** Paid from a gift voucher or a package session: it settles, but no money came in (the sale was the income). */
  redemption?: boolean;
  client: ClientRef | null;
  refunds: Refund[];
  /** All of it given back, in parts or at once. */
  refunded: boolean;
  /** What is left to refund of it, minor units. */
  refundable?: number;
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

export interface Statistic {
  from: string;
  to: string;
  income: number;
  payments: number;
  refunds: number;
  count: number;
  by_method?: { method: string; income: number; count: number }[];
  /** Appointments' net income per service; `service_id` null: appointments without one. */
  by_service?: { service_id: number | null; title: string | null; amount: number }[];
}

export interface Page<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** The payment types the income list has a tab for; `all` is the whole ledger. */
export const PAYMENT_TABS = ['all', 'appointment', 'sale', 'standalone'] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number];

/** The list route of a tab: GET /payments or /payments/{type}. */
export const paymentsPath = (tab: PaymentTab): string =>
  tab === 'all' ? '/api/v1/payments' : `/api/v1/payments/${tab}`;

/** This month in the owner's zone: its first and last day. */
export function thisMonth(timeZone: string, now: number = Date.now()): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  const from = `${today.slice(0, 8)}01`;
  const [y, m] = today.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
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
