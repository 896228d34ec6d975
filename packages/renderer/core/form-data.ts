/** Pure helpers for a form screen's data: what is kept after a refusal and where field defaults come from. */
import { wallTimeIn } from './zoned.js';

/** The data without the named hidden fields. */
export function withoutHidden(data: Record<string, unknown>, hidden: string[]): Record<string, unknown> {
  if (!hidden.length) return data;
  return Object.fromEntries(Object.entries(data).filter(([k]) => !hidden.includes(k)));
}

/** The server's errors without those of the named fields (they changed since); undefined when none are left. */
export function withoutErrorsOf(
  errors: Record<string, unknown> | undefined,
  fields: string[],
): Record<string, unknown> | undefined {
  if (!errors || !fields.some((f) => f in errors)) return errors;
  const rest = Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k)));
  return Object.keys(rest).length ? rest : undefined;
}

/** The data without the fields drawn as password inputs (a refused sign-up keeps the name and email, not these). */
export function withoutPasswords(
  data: Record<string, unknown>,
  uiSchema: Record<string, unknown>,
): Record<string, unknown> {
  const secret = (k: string) => (uiSchema[k] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'password';
  return Object.fromEntries(Object.entries(data).filter(([k]) => !secret(k)));
}

/** Today's date (YYYY-MM-DD) in the business's zone when the host gives one, else where the browser is. */
const todayIn = (timeZone: string | undefined): string => {
  const now = new Date();
  if (timeZone) return wallTimeIn(now.toISOString(), timeZone).slice(0, 10);
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/**
 * Field values from the route (`:token`), the query string (`?email`) or today's date (`$today`: the owner's day,
 * in the business's `timeZone`), as the screen's `defaults` name them. `$today` only fills a field the loaded
 * `record` leaves empty: an expense being changed keeps its date.
 */
export function fromDefaults(
  defaults: Record<string, string> | undefined,
  params: Record<string, string | undefined>,
  query: URLSearchParams,
  options: { timeZone?: string; record?: Record<string, unknown> } = {},
): Record<string, unknown> | undefined {
  if (!defaults) return undefined;
  const out: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(defaults)) {
    const kept = options.record?.[field];
    if (source === '$today' && kept !== undefined && kept !== null && kept !== '') continue;
    const value =
      source === '$today'
        ? todayIn(options.timeZone)
        : source.startsWith(':')
          ? params[source.slice(1)]
          : source.startsWith('?')
            ? query.get(source.slice(1))
            : null;
    if (value) out[field] = value;
  }
  return out;
}

/**
 * A call's parameters read from the address as `defaults` reads a field (`:name` a route parameter, `?name` the
 * query string); null while any of them has no value, so nothing is asked.
 * @example callParams({ code: '?ref' }, {}, new URLSearchParams('ref=AB12')) // → { code: 'AB12' }
 */
export function callParams(
  sources: Record<string, string> | undefined,
  params: Record<string, string | undefined>,
  query: URLSearchParams,
): Record<string, string> | null {
  const filled = fromDefaults(sources ?? {}, params, query) ?? {};
  const names = Object.keys(sources ?? {});
  return names.every((n) => typeof filled[n] === 'string') ? (filled as Record<string, string>) : null;
}
