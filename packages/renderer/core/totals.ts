import type { TotalDef } from './generated/schema-language.js';
import { formatMoney } from './money.js';

/** Money summed in one currency, minor units: a money total has one per currency the list holds. */
export interface CurrencySum {
  currency: string;
  amount: number;
}

/** What a list answer's `meta.totals` holds: by name, a count or money summed per currency. */
export type Totals = Record<string, number | CurrencySum[]>;

/**
 * A total as the summary row writes it: a count as a number in the reader's language, money each currency in its
 * own ("£120.00 · €35.00"), none at all as nothing in the host's currency (£0.00). Absent: a dash.
 */
export function totalText(
  def: Pick<TotalDef, 'type'>,
  value: Totals[string] | undefined,
  locale: string,
  currency?: string,
): string {
  if (value === undefined || value === null) return '—';
  if (def.type === 'money') {
    const sums = Array.isArray(value) ? value : [];
    if (sums.length === 0) return formatMoney(0, locale, currency);
    return sums.map((s) => formatMoney(s.amount, locale, s.currency)).join(' · ');
  }
  return typeof value === 'number' ? value.toLocaleString(locale) : '—';
}
