/**
 * Money, once for the renderer, the app, its widgets and the server (messages, the payment page): an amount is an
 * integer of minor units (pence, kopiyky; yen have none) with an ISO 4217 currency. The digits a currency has come
 * from Intl, so JPY is zero-decimal without a table here. Pure: no React, no browser.
 *
 * @example
 * formatMoney(1250, 'en', 'GBP'); // "£12.50"
 * parseMoney('1 250,50', 'UAH', 'uk'); // 125050
 * toMinor(12.345, 'GBP'); // 1235
 */

const digitsOf = new Map<string, number>();

/**
 * Number formats by locale and options, made once: a new Intl.NumberFormat costs far more than a format with it
 * (measured: a dashboard's figures spent ~60 ms of a phone's first paint making them anew).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * How many minor-unit digits a currency has: GBP and UAH 2, JPY 0.
 * @example minorDigits('GBP') // 2; minorDigits('JPY') // 0
 */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsOf.get(code);
  if (digits === undefined) {
    digits = numberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
    digitsOf.set(code, (digits ??= 2));
  }
  return digits;
}

/**
 * Minor units → an amount in major units: 1250 GBP → 12.5, 500 JPY → 500.
 * @example toMajor(123450, 'GBP') // 1234.5
 */
export const toMajor = (minor: number, currency: string): number => minor / 10 ** minorDigits(currency);

/**
 * An amount in major units → integer minor units, half away from zero (a refund rounds like the payment it
 * undoes): 12.345 GBP → 1235, -12.345 → -1235, 1.005 → 101 (not 100, as binary floating point would have it).
 * @example toMinor(1234.5, 'GBP') // 123450; toMinor(1500, 'JPY') // 1500
 */
export function toMinor(major: number, currency: string): number {
  const scaled = Number((Math.abs(major) * 10 ** minorDigits(currency)).toPrecision(15));
  return Math.sign(major) * Math.round(scaled) || 0;
}

/** The currency's sign, never its code: `uk` writes pounds "2 369,00 £", not "2 369,00 GBP". */
const SIGN = { style: 'currency', currencyDisplay: 'narrowSymbol' } as const;

/**
 * Money held as minor units in words of the locale with the currency's sign: 9000 GBP → "£90.00", in `uk`
 * 9000 UAH → "90,00 ₴" and 9000 GBP → "90,00 £". Without a currency (a host that gives none) the amount alone, with two decimals.
 * @example formatMoney(123450, 'en-GB', 'GBP') // '£1,234.50'; formatMoney(123450, 'uk-UA', 'UAH') // '1 234,50 ₴'
 */
export function formatMoney(minor: number, locale: string, currency?: string): string {
  if (!Number.isFinite(minor)) return '—';
  if (!currency) {
    const plain = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    return numberFormat(locale, plain).format(minor / 100);
  }
  const code = currency.toUpperCase();
  return numberFormat(locale, { ...SIGN, currency: code }).format(toMajor(minor, code));
}

/**
 * The currency's sign as the locale writes it: GBP in `en` → "£", UAH in `uk` → "₴".
 * @example currencySymbol('GBP', 'en-GB') // '£'
 */
export function currencySymbol(currency: string, locale: string): string {
  const code = currency.toUpperCase();
  const parts = numberFormat(locale, { ...SIGN, currency: code }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? code;
}

/**
 * The locale's decimal mark: "." in `en`, "," in `uk`.
 * @example decimalMark('uk-UA') // ','
 */
export const decimalMark = (locale: string): string =>
  numberFormat(locale)
    .formatToParts(0.5)
    .find((p) => p.type === 'decimal')?.value ?? '.';

/**
 * An amount as an input box shows it, in major units without grouping, with the locale's decimal mark:
 * 1250 GBP → "12.50" (in `uk` "12,50"), 500 JPY → "500".
 * @example moneyInputText(123450, 'UAH', 'uk-UA') // '1234,50'
 */
export const moneyInputText = (minor: number, currency: string, locale = 'en'): string =>
  toMajor(minor, currency).toFixed(minorDigits(currency)).replace('.', decimalMark(locale));

/**
 * What a person typed → minor units, or null when it is not an amount. Spaces and apostrophes group digits; of
 * "," and ".", the last one present is the decimal mark when both are, and a lone one is too unless it is not the
 * locale's mark and three digits follow it ("1,250" in `en` is 1250, in `uk` 1.25). Extra decimals round half away
 * from zero, in decimal: "1.005" GBP → 101.
 * @example parseMoney('1 234,50', 'UAH', 'uk-UA') // 123450; parseMoney('abc', 'GBP', 'en-GB') // null
 */
export function parseMoney(text: string, currency: string, locale = 'en'): number | null {
  let s = text.trim().replace(/[\s\u00a0\u202f'’]/g, '');
  const negative = /^[-−]/.test(s);
  s = s.replace(/^[-−]/, '');
  const marks = s.match(/[.,]/g) ?? [];
  let decimal: string | null = null;
  if (marks.length) {
    const last = marks[marks.length - 1];
    const localeMark = decimalMark(locale);
    if (new Set(marks).size === 2) decimal = last;
    else if (marks.length === 1 && (last === localeMark || !/[.,]\d{3}$/.test(s))) decimal = last;
  }
  const at = decimal === null ? s.length : s.lastIndexOf(decimal);
  const [grouped, fraction] = [s.slice(0, at), s.slice(at + 1)];
  // Grouping marks stand between groups of three digits: "1,250,000", not "1,2,3".
  if (/[.,]/.test(grouped) && !/^\d{1,3}([.,]\d{3})+$/.test(grouped)) return null;
  const whole = grouped.replace(/[.,]/g, '');
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') return null;
  const digits = minorDigits(currency);
  let minor = Number((whole || '0') + fraction.padEnd(digits, '0').slice(0, digits));
  if (Number(fraction[digits] ?? 0) >= 5) minor += 1;
  return negative && minor ? -minor : minor;
}
