import type { TFunction } from 'i18next';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * Where a number written without its country code is read: the owner's country (SessionUser.country; a region GB or
 * UA names its own), Great Britain when it names none a phone number can belong to.
 */
export function defaultCountry(country: string | null | undefined): CountryCode {
  return country && isSupportedCountry(country) ? country : 'GB';
}

/**
 * A phone number as E.164 (`+447700900555`), read with the owner's country for national numbers (`07700 900555`);
 * null when it cannot be a phone number of that country (wrong length, letters, no digits). Clients are stored and
 * recognised in this form, so a number is one client's only on an exact match.
 *
 * A number must have a possible length for its country, not be in an allocated range: ranges change faster than
 * metadata, and Ofcom's drama numbers (07700 900xxx) are what demos and tests use.
 */
export function toE164(raw: string, country: CountryCode = 'GB'): string | null {
  const text = raw.trim();
  if (!/^\+?[0-9 ().-]+$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed && parsed.isPossible() ? parsed.number : null;
}

/**
 * Rewrites a resource's phone fields (`x-resource.phones`) in E.164 in place, read with the owner's country; answers
 * "The phone format is invalid." for a value that is no phone number. Empty values stay as they are.
 */
export function normalisePhones(
  resource: { name: string; meta: { phones?: string[] } },
  input: Record<string, unknown>,
  country: string,
  t: TFunction,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of resource.meta.phones ?? []) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const e164 = toE164(value, defaultCountry(country));
    if (e164) input[field] = e164;
    else
      errors[field] = [
        t('validation.format', { field: t(`fields.${resource.name}.${field}`, { defaultValue: field }) }),
      ];
  }
  return errors;
}

/**
 * A search typed as a phone number, in the form phones are stored: `07700 900555` finds `+447700900555`, and a
 * part of a number (`07700 900`) becomes its digits without the trunk 0 (`7700900`), which a stored number
 * contains. Any other search is returned as it is.
 */
export function phoneSearch(search: string | undefined, country: string | null | undefined): string | undefined {
  const text = search?.trim();
  if (!text || !/^\+?[0-9 ().-]+$/.test(text) || text.replace(/\D/g, '').length < 3) return search;
  const e164 = toE164(text, defaultCountry(country));
  if (e164) return e164;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return `+${digits}`;
  return digits.startsWith('0') && !digits.startsWith('00') ? digits.slice(1) : digits;
}
