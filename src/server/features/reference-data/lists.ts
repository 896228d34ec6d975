import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { currencySymbol, minorDigits } from '@soloist/renderer/core';

/** A country as the forms that ask for one offer it: ISO 3166 code, name in the reader's language, calling code. */
export interface Country {
  code: string;
  name: string;
  calling_code: string;
}

/** A currency: ISO 4217 code, name and symbol in the reader's language, and the digits of its minor unit. */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  minor_digits: number;
}

const intlLocale = (locale: string) => (locale === 'uk' ? 'uk-UA' : 'en-GB');
const kept = new Map<string, unknown[]>();

/** Once per language: the lists only change with the runtime's ICU data. */
function once<T>(key: string, make: () => T[]): T[] {
  if (!kept.has(key)) kept.set(key, make());
  return kept.get(key) as T[];
}

/**
 * Every country a phone number can belong to (libphonenumber's list, the one the app's phone fields check against),
 * named by the runtime's ICU data and sorted by name in the reader's language.
 */
export function countries(locale: string): Country[] {
  return once(`countries:${locale}`, () => {
    const names = new Intl.DisplayNames([intlLocale(locale)], { type: 'region', fallback: 'code' });
    const order = new Intl.Collator(intlLocale(locale));
    return getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, calling_code: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => order.compare(a.name, b.name));
  });
}

/** Every currency the runtime knows (ISO 4217), sorted by code, the ones the product bills in first. */
export function currencies(locale: string): Currency[] {
  return once(`currencies:${locale}`, () => {
    const names = new Intl.DisplayNames([intlLocale(locale)], { type: 'currency', fallback: 'code' });
    const first = ['GBP', 'UAH'];
    const codes = Intl.supportedValuesOf('currency');
    return [...first, ...codes.filter((c) => !first.includes(c))].map((code) => ({
      code,
      name: names.of(code) ?? code,
      symbol: currencySymbol(code, intlLocale(locale)),
      minor_digits: minorDigits(code),
    }));
  });
}
