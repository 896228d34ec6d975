import { addDays } from './dates';
import { taxYearOf } from './expenses';

/** How net income is summed: by calendar month, by quarter of the tax year, or by tax year. */
export const NET_INCOME_PERIODS = ['month', 'quarter', 'tax_year'] as const;
export type NetIncomePeriod = (typeof NET_INCOME_PERIODS)[number];

/** One period's figures, in minor units: income less expenses less mileage is what the business made. */
export interface NetIncomeRow {
  period: string;
  from: string;
  to: string;
  income: number;
  expenses: number;
  mileage: number;
  net: number;
}

const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * The period a day falls in: its calendar month (`2026-11`), its quarter of the tax year (`2026-27 Q3`, three months
 * from the tax year's first day: 6 April – 5 July …) or its tax year (`2026-27`, 6 April – 5 April).
 */
export function periodOf(
  date: string,
  kind: NetIncomePeriod,
  taxStart = '04-06',
): { key: string; from: string; to: string } {
  if (kind === 'month')
    return { key: date.slice(0, 7), from: `${date.slice(0, 7)}-01`, to: monthEnd(date.slice(0, 7)) };
  const year = taxYearOf(date, taxStart);
  const name = `${year.from.slice(0, 4)}-${String((Number(year.from.slice(0, 4)) + 1) % 100).padStart(2, '0')}`;
  if (kind === 'tax_year') return { key: name, ...year };
  const [y, m, d] = year.from.split('-').map(Number);
  for (let q = 0; q < 4; q++) {
    const start = new Date(Date.UTC(y, m - 1 + 3 * q, d)).toISOString().slice(0, 10);
    const next = new Date(Date.UTC(y, m - 1 + 3 * (q + 1), d)).toISOString().slice(0, 10);
    if (date >= start && date < next) return { key: `${name} Q${q + 1}`, from: start, to: addDays(next, -1) };
  }
  return { key: name, ...year };
}

/**
 * Sums days into periods, in date order: `days` carries each day's income, expenses and mileage (any may be 0 or
 * missing). Every period from the one holding `from` to the one holding `to` is listed, empty ones too, so a
 * chart's axis has no gaps.
 */
export function netIncomeRows(
  days: Array<{ date: string; income?: number; expenses?: number; mileage?: number }>,
  kind: NetIncomePeriod,
  from: string,
  to: string,
  taxStart = '04-06',
): NetIncomeRow[] {
  const rows = new Map<string, NetIncomeRow>();
  for (let p = periodOf(from, kind, taxStart); p.from <= to; p = periodOf(addDays(p.to, 1), kind, taxStart))
    rows.set(p.key, { period: p.key, from: p.from, to: p.to, income: 0, expenses: 0, mileage: 0, net: 0 });
  for (const d of days) {
    const row = rows.get(periodOf(d.date, kind, taxStart).key);
    if (!row) continue;
    row.income += d.income ?? 0;
    row.expenses += d.expenses ?? 0;
    row.mileage += d.mileage ?? 0;
  }
  return [...rows.values()].map((r) => ({ ...r, net: r.income - r.expenses - r.mileage }));
}
