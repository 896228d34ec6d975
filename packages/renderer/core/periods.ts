import type { PeriodDef } from './generated/schema-language.js';

/** A period a list offers in one touch: its name (an i18n key under `period.`) and its first and last day. */
export interface PeriodChoice {
  id: NonNullable<PeriodDef['default']>;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m, d));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

/** Today's date (YYYY-MM-DD) in a time zone: the owner's month begins at their midnight, not the browser's. */
export function todayIn(timeZone: string | undefined, now: number = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', dateStyle: 'short' }).format(new Date(now));
}

/**
 * The tax year that holds `today`, for a year beginning on `start` (MM-DD, "04-06" in the UK): its first day, and the
 * first day of the next. A start that is not a date of the year is no tax year.
 */
export function taxYearOf(today: string, start: string): { from: string; next: string } | null {
  const m = /^(\d{2})-(\d{2})$/.exec(start);
  if (!m) return null;
  const month = Number(m[1]) - 1;
  const day = Number(m[2]);
  if (month < 0 || month > 11 || day < 1 || day > 31) return null;
  const year = Number(today.slice(0, 4));
  const thisStart = iso(year, month, day);
  const y = today >= thisStart ? year : year - 1;
  return { from: iso(y, month, day), next: iso(y + 1, month, day) };
}

const dayBefore = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return iso(y, m - 1, d - 1);
};

/**
 * The periods offered, each whole (a month from its first to its last day): this and last month, this calendar
 * quarter and year, and, when the owner's tax year start is known, their tax quarter (the quarter of the tax year
 * holding today), tax year and last tax year.
 */
export function periodChoices(today: string, taxYearStart?: string | null): PeriodChoice[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  const q = m - (m % 3);
  const out: PeriodChoice[] = [
    { id: 'thisMonth', from: iso(y, m, 1), to: iso(y, m + 1, 0) },
    { id: 'lastMonth', from: iso(y, m - 1, 1), to: iso(y, m, 0) },
    { id: 'thisQuarter', from: iso(y, q, 1), to: iso(y, q + 3, 0) },
    { id: 'thisYear', from: iso(y, 0, 1), to: iso(y, 11, 31) },
  ];
  const tax = taxYearStart ? taxYearOf(today, taxYearStart) : null;
  if (tax) {
    const [ty, tm, td] = tax.from.split('-').map(Number);
    // The tax year's four quarters, each three months from its start; today's is offered.
    const starts = [0, 3, 6, 9, 12].map((k) => iso(ty, tm - 1 + k, td));
    const i = Math.max(
      0,
      starts.findIndex((s, k) => today >= s && today < starts[k + 1]),
    );
    const last = taxYearOf(dayBefore(tax.from), taxYearStart!)!;
    out.push(
      { id: 'taxQuarter', from: starts[i], to: dayBefore(starts[i + 1]) },
      { id: 'taxYear', from: tax.from, to: dayBefore(tax.next) },
      { id: 'lastTaxYear', from: last.from, to: dayBefore(last.next) },
    );
  }
  return out;
}

/**
 * The period a list shows: the address's `from` and `to` when both are dates, else the declared default's (this
 * month unless it says otherwise; `all`, or a tax period not known yet, is no period).
 */
export function periodOf(
  def: PeriodDef,
  params: URLSearchParams,
  today: string,
  taxYearStart?: string | null,
): { from?: string; to?: string } {
  const date = /^\d{4}-\d{2}-\d{2}$/;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (date.test(from) && date.test(to)) return { from, to };
  if (def.default === 'all') return {};
  const choice = periodChoices(today, taxYearStart).find((c) => c.id === (def.default ?? 'thisMonth'));
  return choice ? { from: choice.from, to: choice.to } : {};
}
