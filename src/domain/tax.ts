/**
 * An owner's tax settings (spec §1, §9): when their tax year starts, and how their profit is taxed — a tax-free
 * allowance, then up to three bands, each at its rate up to its limit (the last without one). A single flat rate is
 * an allowance of 0 and one band. Amounts in minor units, rates in per cent.
 */
export interface TaxSettings {
  /** MM-DD: the tax year's first day (6 April in the UK, 1 January in Ukraine). */
  tax_year_start: string;
  allowance: number;
  first_rate: number;
  first_up_to: number | null;
  second_rate: number | null;
  second_up_to: number | null;
  third_rate: number | null;
}

/** The UK's defaults: the personal allowance, then the basic, higher and additional rates (2026/27). */
export const GB_TAX: TaxSettings = {
  tax_year_start: '04-06',
  allowance: 1_257_000,
  first_rate: 20,
  first_up_to: 5_027_000,
  second_rate: 40,
  second_up_to: 12_514_000,
  third_rate: 45,
};

/** Ukraine's defaults: the calendar year, and a single rate (the simplified tax's 5 %, group 3). */
export const UA_TAX: TaxSettings = {
  tax_year_start: '01-01',
  allowance: 0,
  first_rate: 5,
  first_up_to: null,
  second_rate: null,
  second_up_to: null,
  third_rate: null,
};

/** The owner's settings over their region's defaults. */
export function taxSettingsOf(settings: Record<string, unknown> | undefined, region: string | null | undefined) {
  const own = (settings?.taxSettings ?? {}) as Partial<TaxSettings>;
  return { ...(region === 'UA' ? UA_TAX : GB_TAX), ...own };
}

/** One band of the estimate: the profit taxed in it (minor units), at its rate, and the tax. */
export interface TaxBand {
  from: number;
  to: number | null;
  rate: number;
  taxed: number;
  tax: number;
}

/** The bands as limits on the profit: the allowance at 0 %, then each rate up to its limit. */
export function bandsOf(s: TaxSettings): Array<{ from: number; to: number | null; rate: number }> {
  const bands: Array<{ from: number; to: number | null; rate: number }> = [];
  if (s.allowance > 0) bands.push({ from: 0, to: s.allowance, rate: 0 });
  const levels: Array<[number | null, number | null]> = [
    [s.first_rate, s.first_up_to],
    [s.second_rate, s.second_up_to],
    [s.third_rate, null],
  ];
  let from = s.allowance;
  for (const [rate, upTo] of levels) {
    if (rate === null) break;
    bands.push({ from, to: upTo, rate });
    if (upTo === null) break;
    from = upTo;
  }
  return bands;
}

/**
 * Tax on a year's profit, band by band: each band taxes the part of the profit between its limits at its rate,
 * rounded to whole minor units (half up) per band. A loss pays nothing. An estimate: no reliefs, no other income.
 */
export function taxOn(profit: number, s: TaxSettings): { bands: TaxBand[]; tax: number } {
  const taxable = Math.max(0, profit);
  const bands = bandsOf(s).map((b) => {
    const taxed = Math.max(0, Math.min(taxable, b.to ?? Infinity) - b.from);
    return { ...b, taxed, tax: Math.round((taxed * b.rate) / 100) };
  });
  return { bands, tax: bands.reduce((sum, b) => sum + b.tax, 0) };
}
