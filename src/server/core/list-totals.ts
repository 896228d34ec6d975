import type { FastifyRequest } from 'fastify';
import { currencyOf } from '../../domain/currency';
import { taxSettingsOf } from '../../domain/tax';
import { PAGE_META } from '../engine/dialect-schemas';
import { INTEGER, object, STRING } from '../engine/responses';

/** Money summed in one currency (minor units). A money total has one per currency the list holds. */
export interface CurrencySum {
  currency: string;
  amount: number;
}

const CURRENCY_SUMS = {
  type: 'array',
  items: object({ currency: STRING, amount: INTEGER }, { required: ['currency', 'amount'] }),
} as const;

/**
 * A money list's `meta`: the page's place, the totals of everything the query selects (all its pages), money summed
 * per currency and counts, and the owner's tax year start (MM-DD), which the list's period offers.
 */
export function listMeta(totals: Record<string, 'money' | 'count'>) {
  const meta = PAGE_META as { properties: Record<string, unknown>; required: string[] };
  return object(
    {
      ...meta.properties,
      totals: object(
        Object.fromEntries(Object.entries(totals).map(([k, type]) => [k, type === 'money' ? CURRENCY_SUMS : INTEGER])),
        { required: Object.keys(totals) },
      ),
      tax_year_start: STRING,
    },
    { required: [...meta.required, 'totals', 'tax_year_start'] },
  );
}

/** When the owner's tax year begins (MM-DD): their own setting, else their region's. */
export const taxYearStartOf = (req: FastifyRequest): string =>
  taxSettingsOf(req.user?.settings as Record<string, unknown> | undefined, req.user?.region).tax_year_start;

/** Sums by currency (its ISO code, upper case), in a steady order. */
export function byCurrency<T>(rows: T[], currency: (row: T) => string, amount: (row: T) => number): CurrencySum[] {
  const sums = new Map<string, number>();
  for (const r of rows) {
    const code = currency(r).toUpperCase();
    sums.set(code, (sums.get(code) ?? 0) + Number(amount(r)));
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([c, a]) => ({ currency: c, amount: a }));
}

/** The owner's currency: what appointments, seats and sales are priced in. */
export const ownerCurrency = (req: FastifyRequest): string => currencyOf(req.user ?? { region: null });
/** The owner's currency as their ledger rows carry it (lower case, as card providers write it). */
export const ledgerCurrency = (req: FastifyRequest): string => ownerCurrency(req).toLowerCase();
